// weft's default scene: a square cloth pinned at two corners, falling onto a sphere over a
// ground plane. What `weft run` and `weft view` simulate when given no scene file.
#pragma once

#include <cstdint>

#include "sim/model/cloth_grid.h"
#include "sim/model/model.h"

namespace weft {

struct DefaultSceneOptions {
  uint32_t columns = 64;
  uint32_t rows = 64;
  Integrator integrator = Integrator::verlet;
  const char* material = "cotton";  // one of cloth_materials()
};

// A 2 m x 2 m cloth of columns x rows particles, cotton unless told otherwise, held 1.5 m up by
// two corners.
Model make_default_scene(const DefaultSceneOptions& options);

// That cloth as its builder takes it: the grid, its two pinned corners and its material applied.
ClothGridDesc default_cloth(const DefaultSceneOptions& options);

}  // namespace weft
