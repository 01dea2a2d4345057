// What a weft::api::Scene holds: the scene's text and overrides (to read it again with one more)
// and the Scene they make. Shared by libweft and libweft_gpu, never installed.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/scene/scene_systems.h"
#include "weft/scene.h"

namespace weft::api {

struct Scene::Impl {
  std::string text;
  std::string name;  // what messages call it: the path, or the name given with the text
  std::filesystem::path mesh_folder;
  std::filesystem::path source;  // the file, or empty
  std::vector<std::string> overrides;
  weft::Scene scene;
};

}  // namespace weft::api
