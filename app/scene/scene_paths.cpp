#include "app/scene/scene_paths.h"

#include <deque>
#include <system_error>

#include <sys/stat.h>
#include <unistd.h>

#include "app/scene/safe_text.h"
#include "app/scene/scene_draft.h"
#include "app/scene/scene_error.h"

namespace weft {

namespace {

namespace fs = std::filesystem;

// Links followed in one path before weft gives up (the kernel's own limit is 40).
constexpr int kMaxLinks = 40;

constexpr const char* kLeadsOut =
    "it leads out of the scene's folder (through a symbolic link); a scene may only name files "
    "inside its own folder";

// Whether `inner` is `outer` or lies below it (both absolute, without links or dots).
bool lies_within(const fs::path& inner, const fs::path& outer) {
  auto i = inner.begin();
  for (auto o = outer.begin(); o != outer.end(); ++o, ++i) {
    if (o->empty()) continue;  // the trailing "" of "dir/"
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

std::optional<std::string> link_target(const fs::path& link, std::string& target) {
  std::string buffer(4096, '\0');
  const ssize_t size = ::readlink(link.c_str(), buffer.data(), buffer.size());
  if (size < 0 || static_cast<size_t>(size) >= buffer.size())
    return "a symbolic link in it cannot be read";
  buffer.resize(static_cast<size_t>(size));
  target = buffer;
  return std::nullopt;
}

// Walks `path` from `folder`, reading each link met on the way, and stops at the first step that
// leaves the folder. Nothing outside the folder is looked at.
std::optional<std::string> walk_inside(const fs::path& folder, const fs::path& path) {
  std::deque<fs::path> pending(path.begin(), path.end());
  fs::path current = folder;
  int links = 0;
  while (!pending.empty()) {
    const fs::path part = pending.front();
    pending.pop_front();
    if (part.empty() || part == ".") continue;
    if (part == "..") {  // only from a link's target: the written path has none
      current = current.parent_path();
      if (!lies_within(current, folder)) return kLeadsOut;
      continue;
    }
    if (part.has_root_directory() || part.has_root_name()) {  // a link to an absolute path
      current = part;
      if (!lies_within(current, folder)) return kLeadsOut;
      continue;
    }
    const fs::path next = current / part;
    struct stat info {};
    if (::lstat(next.c_str(), &info) != 0) {
      // Missing (reading it says so), or not to be searched: inside the folder either way, as
      // far as anything can go that does not exist. What is left must stay inside by its words.
      fs::path rest = next;
      for (const fs::path& more : pending)
        rest /= more;
      return lies_within(rest.lexically_normal(), folder) ? std::nullopt
                                                          : std::optional<std::string>(kLeadsOut);
    }
    if (!S_ISLNK(info.st_mode)) {
      current = next;
      continue;
    }
    if (++links > kMaxLinks) return "it goes through more than 40 symbolic links";
    std::string target;
    if (auto problem = link_target(next, target)) return problem;
    const fs::path link(target);
    std::deque<fs::path> parts;
    if (link.has_root_directory()) parts.push_back(link.root_path());
    for (const fs::path& more : link.relative_path())
      parts.push_back(more);
    pending.insert(pending.begin(), parts.begin(), parts.end());
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> scene_path_problem(const fs::path& scene_folder,
                                              const std::string& file) {
  if (file.empty()) return "the path is empty";
  if (auto unsafe = first_unsafe_character(file)) return "the path holds " + *unsafe;
  const fs::path path(file);
  if (path.is_absolute() || path.has_root_name() || path.has_root_directory()) {
    return "absolute paths are refused: paths in a scene are relative to the scene's folder";
  }
  for (const fs::path& part : path) {
    if (part == "..") {
      return "'..' is refused: a scene may only name files inside its own folder";
    }
  }
  std::error_code error;
  const fs::path folder = fs::canonical(scene_folder.empty() ? "." : scene_folder, error);
  // A folder that is not there holds nothing to read (a scene being saved, read back from its
  // text before its folder is made): reading a file in it says it is missing.
  if (error) return std::nullopt;
  return walk_inside(folder, path);
}

ObjMesh read_scene_mesh(const TableReader& table, const SceneParseOptions& options,
                        std::filesystem::path& path) {
  const std::string file = table.required_string("file");
  if (auto problem = scene_path_problem(options.base_directory, file)) {
    table.fail("file", "'" + quoted_input(file) + "': " + *problem);
  }
  path = options.base_directory / file;
  try {
    return options.read_mesh(path);
  } catch (const SceneError& error) {
    table.fail("file", error.what());
  }
}

}  // namespace weft
