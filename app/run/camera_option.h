// `weft run --camera eye=X,Y,Z target=X,Y,Z [fov=DEGREES]`: where the screenshot and the video
// are taken from, instead of framing the scene (run_pictures.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/scene/scene_camera.h"

namespace CLI {
class App;
}

namespace weft {

// The camera the words describe, or throws std::invalid_argument saying what is wrong.
SceneCamera parse_camera_words(const std::vector<std::string>& words);

// Adds --camera to `run`; `camera` receives it.
void add_camera_option(CLI::App& run, std::optional<SceneCamera>& camera);

}  // namespace weft
