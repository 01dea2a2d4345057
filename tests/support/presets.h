// The preset scenes in scenes/: one per classic scenario (NeHe, GAMES101, Witkin, the GLUT lab),
// the larger cloths, the OBJ mesh example, self-collision, colliders, a cloth that tears and
// the drape tester.
// A preset added to scenes/ must be added here too: the preset tests check that the two agree.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace weft::test {

inline const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> names = {
      "cloth_over_sphere", "corner_hung_cloth",   "cusick_drape",     "explicit_euler_blow_up",
      "flag_in_wind",      "games101_ropes",      "gathered_curtain", "glut_cloth",
      "hanging_cloth",     "mesh_drape",          "moving_colliders", "nehe39_three_cases",
      "nehe40_rope",       "self_collision_fold", "tearing_curtain",  "two_cloths",
      "witkin_particles"};
  return names;
}

inline std::string preset_path(const std::string& name) {
  return (std::filesystem::path(WEFT_SCENES_DIR) / (name + ".toml")).string();
}

// A preset's text with each `from` replaced by its `to` (each must occur).
inline std::string preset_text(const std::string& name,
                               const std::vector<std::pair<std::string, std::string>>& changes) {
  std::ifstream file(preset_path(name));
  std::stringstream text;
  text << file.rdbuf();
  std::string scene = text.str();
  for (const auto& [from, to] : changes) {
    const size_t at = scene.find(from);
    if (at == std::string::npos) throw std::runtime_error(name + " has no '" + from + "'");
    scene.replace(at, from.size(), to);
  }
  return scene;
}

// scenes/hanging_cloth.toml at `nodes` x `nodes` (the cloth's size and material stay).
inline std::string hanging_cloth_text(uint32_t nodes) {
  const std::string n = std::to_string(nodes);
  return preset_text("hanging_cloth",
                     {{"columns = 32", "columns = " + n}, {"rows = 32", "rows = " + n}});
}

// scenes/self_collision_fold.toml at 24 x 24 instead of 64 x 64 (its thickness follows the
// spacing, 1/23 m), so that tests can afford to run it until it settles.
inline std::string small_fold_text() {
  return preset_text("self_collision_fold",
                     {{"columns = 64\nrows = 64", "columns = 24\nrows = 24"}});
}

}  // namespace weft::test
