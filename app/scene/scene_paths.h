// Files a scene file names (its meshes, and its mesh colliders'): relative to the scene's folder,
// and inside it. A scene is an input people share, so it may not reach for /proc/self/environ,
// ~/.ssh or ../../elsewhere: absolute paths and ".." are refused, and so is a symbolic link inside
// the folder that leads out of it. Links are followed by reading them, one component at a time,
// and the walk stops at the first step out of the folder, before anything outside is looked at:
// whether a file outside exists, or what it holds, never changes what weft says.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace weft {

// Why `file`, as written in a scene whose folder is `scene_folder` (empty: the current folder),
// may not be read, or nothing when it lies inside that folder (it may not exist: reading it then
// says so).
std::optional<std::string> scene_path_problem(const std::filesystem::path& scene_folder,
                                              const std::string& file);

}  // namespace weft
