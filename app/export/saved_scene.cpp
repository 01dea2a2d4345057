#include "app/export/saved_scene.h"

#include <cctype>
#include <ostream>
#include <system_error>

#include "app/export/output_file.h"
#include "app/scene/scene_error.h"
#include "app/scene/scene_file.h"
#include "app/scene/scene_writer.h"

namespace weft {

namespace {

namespace fs = std::filesystem;

// How many numbered names unused_scene_path tries before it gives up.
constexpr int kMaxNumberedNames = 10000;

// Letters, digits, '_' and '-' only: mesh names go into the scene file, which is ASCII.
std::string safe_name(const std::string& name) {
  std::string out = name;
  for (char& c : out) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
  }
  return out.empty() ? "scene" : out;
}

bool name_taken(const fs::path& path) {
  std::error_code error;
  return fs::symlink_status(path, error).type() != fs::file_type::not_found;
}

// Loads the text as `file` would be loaded, its meshes from the text too.
void check_loads(const SceneText& text, const fs::path& file) {
  const fs::path folder = file.parent_path();
  SceneParseOptions options;
  options.file = file.string();
  options.base_directory = folder;
  options.read_mesh = [&text, folder](const fs::path& path) -> ObjMesh {
    for (const SceneText::Mesh& mesh : text.meshes) {
      if (path == folder / mesh.file) return parse_obj(mesh.obj, path.string());
    }
    throw SceneError({path.string(), 0, 0}, "", "", "not a mesh the saved scene writes");
  };
  try {
    parse_scene(text.toml, options);
  } catch (const SceneError& error) {
    throw SceneWriteError("the scene as written would not load (" + std::string(error.what()) +
                          "), so nothing was written");
  }
}

}  // namespace

SavedScene save_scene(const Scene& scene, const fs::path& file, Replace replace) {
  switch (output_kind(file)) {
    case OutputKind::file: break;
    case OutputKind::folder:
      throw ExportError("cannot write " + file.string() + ": it is a folder; expected a file name");
    default:
      throw ExportError("cannot write " + file.string() +
                        ": a saved scene is a regular file with its meshes beside it; expected "
                        "a file name");
  }
  const SceneText text = write_scene_text(scene, safe_name(file.stem().string()));
  for (size_t k = 0; k < text.meshes.size(); ++k) {
    for (size_t other = 0; other < k; ++other) {
      if (text.meshes[other].file == text.meshes[k].file) {  // one would replace the other
        throw SceneWriteError("two meshes of the scene would both be " + text.meshes[k].file);
      }
    }
  }
  check_loads(text, file);
  SavedScene saved;
  saved.file = file;
  saved.notes = text.notes;
  OutputOptions mesh_options;
  mesh_options.create_folders = true;
  mesh_options.replace = Replace::weft_files;
  mesh_options.weft_marker = kSavedMeshFirstLine;
  std::vector<PreparedFile> prepared;
  for (const SceneText::Mesh& mesh : text.meshes) {
    saved.meshes.push_back(file.parent_path() / mesh.file);
    prepared.push_back(prepare_output_file(
        saved.meshes.back(), [&](std::ostream& out) { out << mesh.obj; }, mesh_options));
  }
  OutputOptions scene_options;
  scene_options.create_folders = true;
  scene_options.replace = replace;
  prepared.push_back(prepare_output_file(
      file, [&](std::ostream& out) { out << text.toml; }, scene_options));
  for (PreparedFile& each : prepared) {
    const WrittenFile written = each.commit();
    if (written.replaced) saved.replaced.push_back(written.path);
  }
  return saved;
}

fs::path unused_scene_path(const Scene& scene, const fs::path& folder, const std::string& name) {
  const std::string base = safe_name(name) + "-saved";
  const SceneText text = write_scene_text(scene, base);  // for the names of its meshes
  for (int n = 1; n <= kMaxNumberedNames; ++n) {
    const std::string stem = n == 1 ? base : base + "-" + std::to_string(n);
    bool free = !name_taken(folder / (stem + ".toml"));
    for (const SceneText::Mesh& mesh : text.meshes)
      free = free && !name_taken(folder / (stem + mesh.file.substr(base.size())));
    if (free) return folder / (stem + ".toml");
  }
  throw ExportError("cannot save the scene in " + folder.string() + ": " + base + ".toml and " +
                    std::to_string(kMaxNumberedNames - 1) + " numbered names after it are taken");
}

}  // namespace weft
