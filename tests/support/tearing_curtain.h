// The curtain the tearing tests pull apart (tearing_test, torn_tethers_test): small enough to
// run every frame on the GPU and the CPU reference in a test.
#pragma once

#include <cstdint>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/model/model.h"

namespace weft::test {

inline constexpr uint32_t kCurtainColumns = 16;
inline constexpr uint32_t kCurtainRows = 12;

// A 1 m x 0.75 m curtain of cotton that breaks at 10% hung by its two top corners, which move apart
// at `pull` m/s each: it tears near a corner once the pull outgrows what the cloth can give.
inline Model hung_curtain(SolverVariant variant, float pull, float break_strain = 0.1f) {
  Model model;
  ClothGridDesc cloth;
  cloth.origin = {-0.5f, 1.5f, 0.0f};
  cloth.width_axis = {1.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -0.75f, 0.0f};
  cloth.columns = kCurtainColumns;
  cloth.rows = kCurtainRows;
  ClothMaterial material;
  material.break_strain = break_strain;
  apply_cloth_material(material, cloth);
  cloth.pinned = {0, kCurtainColumns - 1};
  const uint32_t first = add_cloth_grid(model, cloth);
  model.anchors.push_back({first, {-pull, 0.0f, 0.0f}});
  model.anchors.push_back({first + kCurtainColumns - 1, {pull, 0.0f, 0.0f}});
  model.solver.variant = variant;
  model.solver.substeps = 16;
  model.solver.relaxation_sweeps = 3;
  model.solver.damping_rate = 1.0f;
  return model;
}

}  // namespace weft::test
