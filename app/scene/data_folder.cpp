#include "app/scene/data_folder.h"

#include <dlfcn.h>

#include <system_error>

namespace weft {

namespace {

bool has_scenes(const std::filesystem::path& folder) {
  std::error_code error;
  return std::filesystem::is_directory(folder / "scenes", error);
}

// The program or shared library this code was linked into: `weft`, libweft.so, the Python module.
std::filesystem::path this_binary() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&has_scenes), &info) == 0 || !info.dli_fname) return {};
  std::error_code error;
  std::filesystem::path path = std::filesystem::canonical(info.dli_fname, error);
  return error ? std::filesystem::path{} : path;
}

}  // namespace

std::optional<std::filesystem::path> data_folder() {
  const std::filesystem::path binary = this_binary();
  if (!binary.empty()) {
    // bin/weft, lib/libweft.so and lib/<multiarch>/libweft.so, lib/python3/dist-packages/weft/...
    std::filesystem::path folder = binary.parent_path();
    for (int up = 0; up < 4 && folder.has_parent_path() && folder != folder.root_path(); ++up) {
      folder = folder.parent_path();
      if (has_scenes(folder / "share" / "weft")) return folder / "share" / "weft";
    }
  }
#ifdef WEFT_SOURCE_FOLDER
  if (has_scenes(WEFT_SOURCE_FOLDER)) return std::filesystem::path(WEFT_SOURCE_FOLDER);
#endif
  return std::nullopt;
}

std::optional<std::filesystem::path> shipped_scene(const std::filesystem::path& path) {
  std::error_code error;
  if (path.empty() || path.is_absolute() || std::filesystem::exists(path, error)) {
    return std::nullopt;
  }
  for (const std::filesystem::path& part : path) {
    if (part == "..") return std::nullopt;  // only what weft ships
  }
  const std::optional<std::filesystem::path> folder = data_folder();
  if (!folder) return std::nullopt;
  for (const std::filesystem::path& candidate : {*folder / path, *folder / "scenes" / path}) {
    if (std::filesystem::is_regular_file(candidate, error)) return candidate;
  }
  return std::nullopt;
}

}  // namespace weft
