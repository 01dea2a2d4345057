// scenes/hanging_cloth.toml (a square metre of cotton hung by its top edge) at any resolution,
// settled on the CPU reference: what the tests of a cloth that keeps its length start from.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>
#include <glm/vec3.hpp>

#include "app/scene/scene_file.h"
#include "sim/core/cpu_solver.h"
#include "sim/model/health.h"
#include "sim/model/model.h"
#include "sim/model/strain_report.h"
#include "tests/support/presets.h"
#include "tests/support/scene_text.h"

namespace weft::test {

// The preset at `nodes` x `nodes` on one solver path. Damping is raised to 6/s so that two
// simulated seconds settle it: the swing decays as exp(-6 t), 6e-6 of it left.
inline Model hanging_cloth(uint32_t nodes, SolverVariant variant) {
  Model model = parse_scene_text(hanging_cloth_text(nodes)).systems.at(0).model;
  model.solver.variant = variant;
  model.solver.damping_rate = 6.0f;
  return model;
}

struct Hung {
  StrainReport strain;               // at the end
  double largest_strain_during = 0;  // the structural links' largest strain after any frame
  std::vector<glm::vec3> positions;  // row by row, `nodes` a side
};

// Runs `frames` frames on the CPU reference (float); fails the test on a blow-up.
inline Hung hang(uint32_t nodes, SolverVariant variant, uint32_t frames) {
  const Model model = hanging_cloth(nodes, variant);
  CpuSolver<float> solver(model);
  Hung hung;
  for (uint32_t f = 0; f < frames; ++f) {
    solver.step_frame();
    hung.positions.clear();
    for (const auto& p : solver.state().positions)
      hung.positions.emplace_back(p);
    hung.strain = measure_strain(model, hung.positions);
    hung.largest_strain_during = std::max(hung.largest_strain_during, double{hung.strain.max});
  }
  EXPECT_EQ(blow_up_reason(solver.measure_health()), std::nullopt);
  return hung;
}

}  // namespace weft::test
