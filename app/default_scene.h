// weft's default scene: a square cloth pinned at two corners, falling onto a sphere over a
// ground plane. What `weft run` and `weft view` simulate when given no scene file.
#pragma once

#include <cstdint>

#include "sim/model.h"

namespace weft {

struct DefaultSceneOptions {
  uint32_t columns = 64;
  uint32_t rows = 64;
  Integrator integrator = Integrator::verlet;
};

// A 2 m x 2 m cloth of columns x rows particles (0.5 kg in all), held 1.5 m up by two corners,
// with distance constraints on structural and shear links and springs on bend links.
Model make_default_scene(const DefaultSceneOptions& options);

}  // namespace weft
