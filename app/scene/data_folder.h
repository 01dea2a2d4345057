// Where weft finds the scenes and meshes it ships: <prefix>/share/weft beside the installed
// program or library (found from where the running binary is, so an installed weft works from
// any folder and any prefix), or the source tree for a weft run from its build folder.
#pragma once

#include <filesystem>
#include <optional>

namespace weft {

// The folder holding scenes/ (and scenes/meshes/), if there is one.
std::optional<std::filesystem::path> data_folder();

// A scene file named by a relative path that is not here ("scenes/flag_in_wind.toml" typed in
// another folder): the same path in the data folder, or in its scenes/ ("flag_in_wind.toml"),
// when it is there; otherwise nothing, and the
// caller reads `path` as given (and reports it missing).
std::optional<std::filesystem::path> shipped_scene(const std::filesystem::path& path);

}  // namespace weft
