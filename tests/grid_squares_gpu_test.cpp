// The grid path's Jacobi sweeps on grids larger than a workgroup's square (relax_grid_jacobi.comp
// writes the middle of 24 x 24 nodes): two grids of sizes that are no multiple of the squares,
// so that squares overlap, meet the grids' edges and the second grid's squares are found after
// the first's, with the bend links springs (a node of halo per sweep, four sweeps a dispatch)
// and constraints (two nodes per sweep, two sweeps a dispatch). Every dispatch's positions and
// multipliers are compared with the CPU reference's whole-grid sweeps, particle by particle.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/cloth_grid.h"
#include "sim/modules/grid_jacobi.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr float kDt = 1.0f / 600.0f;

Model two_grids(bool bend_constraints) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = 41;
  cloth.rows = 37;
  cloth.origin = {-0.5f, 0.3f, -0.4f};
  cloth.width_axis = {1.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -0.1f, 0.9f};
  cloth.particle_mass = 0.01f;
  // Compliant, and softer in compression: the multipliers matter, and so does which compliance.
  cloth.structural = {LinkKind::constraint, 150.0f, 0.3f, 1e-4f, 2e-3f};
  cloth.shear = {LinkKind::constraint, 120.0f, 0.2f, 1e-3f};
  cloth.bend = bend_constraints ? LinkMaterial{LinkKind::constraint, 0.0f, 0.0f, 1e-2f}
                                : LinkMaterial{LinkKind::spring, 200.0f, 0.5f, 0.0f};
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column)};
  add_cloth_grid(model, cloth);
  ClothGridDesc second = cloth;
  second.columns = 19;
  second.rows = 50;
  second.origin = {0.7f, 0.3f, -0.4f};
  second.width_axis = {0.45f, 0.0f, 0.0f};
  second.height_axis = {0.0f, 0.0f, 1.2f};
  second.pinned = {};
  add_cloth_grid(model, second);
  model.solver.variant = SolverVariant::grid;
  model.solver.integrator = Integrator::verlet;
  model.solver.relaxation_sweeps = 9;
  return model;
}

class GridSquaresGpuTest : public VulkanTest, public ::testing::WithParamInterface<bool> {};

TEST_P(GridSquaresGpuTest, EveryDispatchMatchesTheCpuSweeps) {
  const Model model = two_grids(GetParam());
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  // Positions moved off the rest shape by up to a few millimetres, so that every link corrects.
  const ParticleState<float> start = perturbed_state(model, kDt, 11);
  cpu.state().positions = start.positions;
  cpu.state().previous = start.previous;
  cpu.state().module_arrays = start.module_arrays;
  gpu.upload_state(start);
  const GridJacobi* jacobi = cpu.core().find<GridJacobi>();
  ASSERT_NE(jacobi, nullptr);
  EXPECT_EQ(jacobi->sweeps_per_dispatch(), GetParam() ? 2u : 4u);
  std::vector<Step> steps;
  for (const Step& step : cpu.core().build_schedule(cpu.core().full_shape(1))) {
    if (step.module == jacobi->index) steps.push_back(step);
  }
  // The line solve of the structural links (rows, columns), then the sweeps' dispatches.
  const uint32_t dispatches =
      (9 + jacobi->sweeps_per_dispatch() - 1) / jacobi->sweeps_per_dispatch();
  ASSERT_EQ(steps.size(), 2 + dispatches);
  uint32_t compared = 0;
  for (const Step& step : steps) {
    cpu.run_pass(step, kDt);
    gpu.run_pass(step, kDt);
    if (jacobi->result_in_scratch(step)) continue;  // the GPU's result is in its scratch copies
    ++compared;
    const std::string what = jacobi->label(step);
    const ParticleState<float> on_gpu = gpu.download_state();
    // Both sides run the same float operations in the same order, a node at a time; what differs
    // is the compilers' fused multiply-adds and square roots, a few ULPs a sweep, which nine
    // sweeps keep far under 1e-6 m on positions of about a metre.
    EXPECT_TRUE(all_near(
        on_gpu.positions, cpu.state().positions, [&](size_t) { return 1e-6; },
        what + ": positions"));
    ASSERT_EQ(on_gpu.module_arrays.size(), cpu.state().module_arrays.size());
    for (size_t a = 0; a < on_gpu.module_arrays.size(); ++a) {
      const std::vector<float>& expected = cpu.state().module_arrays[a];
      EXPECT_TRUE(all_near(
          widen(on_gpu.module_arrays[a]), widen(expected),
          [&](size_t i) { return 1e-5 * std::abs(expected[i]) + 1e-10; }, what + ": multipliers"));
    }
  }
  EXPECT_GE(compared, 3u);
  // The sweeps moved the nodes: the comparison is not of the perturbed start with itself.
  float moved = 0.0f;
  for (size_t i = 0; i < start.positions.size(); ++i) {
    moved = std::max(
        moved, glm::distance(glm::vec3(start.positions[i]), glm::vec3(cpu.state().positions[i])));
  }
  EXPECT_GT(moved, 1e-4f);
}

INSTANTIATE_TEST_SUITE_P(BendLinks, GridSquaresGpuTest, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "constraints" : "springs"; });

}  // namespace
}  // namespace weft::test
