// The preset scenes in scenes/: one per classic scenario (NeHe, GAMES101, Witkin, the GLUT lab),
// the larger cloths, the OBJ mesh example, self-collision and colliders.
// A preset added to scenes/ must be added here too: the preset tests check that the two agree.
#pragma once

#include <fstream>
#include <stdexcept>
#include <sstream>
#include <string>
#include <vector>

namespace weft::test {

inline const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> names = {"cloth_over_sphere",   "explicit_euler_blow_up",
                                                 "flag_in_wind",        "games101_ropes",
                                                 "glut_cloth",          "hanging_cloth",
                                                 "mesh_drape",          "moving_colliders",
                                                 "nehe39_three_cases",  "nehe40_rope",
                                                 "self_collision_fold", "two_cloths",
                                                 "witkin_particles"};
  return names;
}

inline std::string preset_path(const std::string& name) {
  return std::string(WEFT_SCENES_DIR) + "/" + name + ".toml";
}

// scenes/self_collision_fold.toml at 24 x 24 instead of 64 x 64 (and the thickness of that
// spacing, 1/23 m), so that tests can afford to run it until it settles.
inline std::string small_fold_text() {
  std::ifstream file(preset_path("self_collision_fold"));
  std::stringstream text;
  text << file.rdbuf();
  std::string scene = text.str();
  auto replace = [&](const std::string& from, const std::string& to) {
    const size_t at = scene.find(from);
    if (at == std::string::npos) throw std::runtime_error("the fold preset has no '" + from + "'");
    scene.replace(at, from.size(), to);
  };
  replace("columns = 64\nrows = 64", "columns = 24\nrows = 24");
  replace("thickness = 0.016 ", "thickness = 0.043 ");
  return scene;
}

}  // namespace weft::test
