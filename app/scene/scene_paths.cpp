#include "app/scene/scene_paths.h"

#include <system_error>

#include "app/scene/safe_text.h"

namespace weft {

namespace {

// Whether `inner` is `outer` or lies below it (both canonical).
bool lies_within(const std::filesystem::path& inner, const std::filesystem::path& outer) {
  auto i = inner.begin();
  for (auto o = outer.begin(); o != outer.end(); ++o, ++i) {
    if (o->empty()) continue;  // the trailing "" of "dir/"
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> scene_path_problem(const std::filesystem::path& scene_folder,
                                              const std::string& file) {
  if (file.empty()) return "the path is empty";
  if (auto unsafe = first_unsafe_character(file)) return "the path holds " + *unsafe;
  const std::filesystem::path path(file);
  if (path.is_absolute() || path.has_root_name() || path.has_root_directory()) {
    return "absolute paths are refused: paths in a scene are relative to the scene's folder";
  }
  for (const std::filesystem::path& part : path) {
    if (part == "..") {
      return "'..' is refused: a scene may only name files inside its own folder";
    }
  }
  // A symbolic link inside the folder may still lead out of it: compare where both really are.
  // A path that does not exist yet resolves as far as it can; reading it reports it missing.
  std::error_code error;
  const std::filesystem::path folder =
      std::filesystem::weakly_canonical(scene_folder.empty() ? "." : scene_folder, error);
  if (error) return std::nullopt;  // the folder itself cannot be resolved: the read will say why
  const std::filesystem::path target = std::filesystem::weakly_canonical(folder / path, error);
  if (error) return std::nullopt;
  if (!lies_within(target, folder)) {
    return "it leads out of the scene's folder (through a symbolic link); a scene may only name "
           "files inside its own folder";
  }
  return std::nullopt;
}

}  // namespace weft
