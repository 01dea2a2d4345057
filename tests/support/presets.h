// The preset scenes in scenes/: one per seed scenario (SEEDS.md), plus the OBJ mesh example,
// self-collision and colliders.
// A preset added to scenes/ must be added here too: the preset tests check that the two agree.
#pragma once

#include <string>
#include <vector>

namespace weft::test {

inline const std::vector<std::string>& preset_names() {
  static const std::vector<std::string> names = {"cloth_over_sphere", "explicit_euler_blow_up",
                                                 "flag_in_wind",      "games101_ropes",
                                                 "glut_cloth",        "mesh_drape",
                                                 "moving_colliders",  "nehe39_three_cases",
                                                 "nehe40_rope",       "self_collision_fold",
                                                 "two_cloths",        "witkin_particles"};
  return names;
}

inline std::string preset_path(const std::string& name) {
  return std::string(WEFT_SCENES_DIR) + "/" + name + ".toml";
}

}  // namespace weft::test
