// A stiff sheet held along one edge bends, and only bends: a 12 cm square of the built-in `paper`
// (80 g/m^2, B = 4.2e-4 N m, a break strain of 2%) clamped along its first 7.5 mm droops as the
// heavy elastica says and does not tear, at 17, 33 and 65 nodes a side. A solver that
// under-converges bending let this sheet fall far enough to snap its links. CPU reference, two
// simulated seconds each: label `physics`.
#include <gtest/gtest.h>

#include <cstdio>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/core/cpu_solver.h"
#include "sim/model/model.h"
#include "sim/core/solver_core.h"
#include "tests/support/cantilever.h"

namespace weft::test {
namespace {

// The sheet in the x-z plane at y = 1, held along its first 7.5 mm (two or more rows).
Model paper_sheet(uint32_t nodes) {
  ClothGridDesc cloth;
  cloth.origin = {-0.06f, 1.0f, 0.0f};
  cloth.width_axis = {0.12f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 0.12f};
  cloth.columns = cloth.rows = nodes;
  const ClothMaterial& paper = *find_cloth_material("paper");
  apply_cloth_material(paper, cloth);
  for (uint32_t r = 0; r < nodes; ++r) {
    if (0.12f * float(r) / float(nodes - 1) > 0.0075f) break;
    for (uint32_t c = 0; c < nodes; ++c)
      cloth.pinned.push_back(r * nodes + c);
  }
  Model model;
  add_cloth_grid(model, cloth);
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  model.solver.damping_rate = 6.0f;  // 1/s: two seconds leave 6e-6 of the swing
  return model;
}

TEST(StiffSheet, PaperHeldAlongAnEdgeDroopsAsTheElasticaWithoutTearing) {
  const ClothMaterial& paper = *find_cloth_material("paper");
  const double overhang = 0.12 - 0.0075;
  const double exact =
      elastica_tip(overhang, paper.bending_stiffness, paper.areal_density * kGravity).y;
  for (uint32_t nodes : {17u, 33u, 65u}) {
    const Model model = paper_sheet(nodes);
    CpuSolver<float> solver(model);
    for (int frame = 0; frame < 120; ++frame)
      solver.step_frame();
    EXPECT_EQ(solver.measure_health().torn_links, 0u) << nodes << " nodes a side";
    // The free edge's middle; the tolerance is the cantilever test's (cantilever_test.cpp).
    const double drop = 1.0 - solver.state().positions[(nodes - 1) * nodes + nodes / 2].y;
    EXPECT_NEAR(drop, exact, 0.05 * exact) << nodes << " nodes a side";
    std::printf("[ weft     ] %u nodes a side: the edge drops %.1f mm (elastica %.1f mm)\n", nodes,
                1e3 * drop, 1e3 * exact);
  }
}

}  // namespace
}  // namespace weft::test
