// Where `weft run` and `weft view` get their scene: a scene file, or weft's default scene
// (app/default_scene.h) when no file is named.
#pragma once

#include <filesystem>

#include "app/default_scene.h"
#include "app/scene/scene_systems.h"

namespace weft {

// The default cloth as a one-system Scene named "default".
Scene default_scene(const DefaultSceneOptions& options = {});

// load_scene(path) (scene_file.h), or default_scene(defaults) when path is empty.
Scene load_scene_or_default(const std::filesystem::path& path,
                            const DefaultSceneOptions& defaults = {});

}  // namespace weft
