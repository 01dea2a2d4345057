// The line solves of the grids' bending and structural links on the GPU against their CPU mirror,
// on lines longer than a workgroup: solve_grid_lines.comp takes a line through shared memory in
// chunks, carrying each elimination from chunk to chunk, and the test scenes' lines are all
// shorter than one chunk. Two strips of 600 nodes, one along its rows and one along its columns,
// each held somewhere along the line, are bent and pulled straight from a crumpled state, on both
// solver paths (the multipliers go to the coloured sweeps' constraints or to the grid Jacobi
// sweeps' slots); every particle must move as on the CPU, and every multiplier must be written as
// on the CPU.
//
// Tolerance: both sides run the same operations in the same order in float; the GPU may contract
// a*b+c into an FMA and divide within 2.5 ULP. The links are compliant enough (alpha~ is 4% of
// a node's inverse mass) that every pivot stays above its diagonal's off-diagonal sum, so such
// rounding does not grow along the line: positions within 1e-6 m * max(1, |x|) (about 8 ULP of
// the coordinate), as for every other pass (gpu_pass_test.cpp), and multipliers within 1e-5 of
// their size. The bending's elimination is diagonally dominant too. The strips are crumpled by
// centimetres, so a line's correction at a chunk's first nodes depends on nodes a chunk back, and
// is thousands of times the tolerance.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "shaders/shared_types.h"
#include "sim/model/cloth_grid.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr float kDt = 1.0f / 600.0f;
constexpr uint32_t kLineNodes = 600;

Model long_strips(Integrator integrator, SolverVariant variant) {
  static_assert(kLineNodes > 2 * WEFT_GROUP_SIZE, "three chunks per line at least");
  Model model;
  model.solver.integrator = integrator;
  model.solver.variant = variant;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 10;
  model.solver.relaxation_sweeps = 1;
  model.environment.gravity = {0.0f, -9.81f, 0.0f};

  ClothGridDesc along_rows;
  along_rows.columns = kLineNodes;
  along_rows.rows = 3;
  along_rows.origin = {-1.5f, 0.5f, 0.0f};
  along_rows.width_axis = {3.0f, 0.0f, 0.0f};
  along_rows.height_axis = {0.0f, 0.0f, 0.02f};  // 1 cm between rows, 5 mm between columns
  along_rows.particle_mass = 1e-3f;
  // alpha~ = compliance / dt^2 = 40 against a node's inverse mass of 1000; softer compressed.
  along_rows.structural = {LinkKind::constraint, 0.0f, 0.0f, 40.0f * kDt * kDt, 160.0f * kDt * kDt};
  along_rows.bending_stiffness = 1e-3f;
  // Held at its first node and by one node far along its middle row.
  along_rows.pinned = {0, kLineNodes + 400};
  add_cloth_grid(model, along_rows);

  ClothGridDesc along_columns = along_rows;
  along_columns.columns = 3;
  along_columns.rows = kLineNodes;
  along_columns.origin = {-0.5f, 1.0f, 0.2f};
  along_columns.width_axis = {0.02f, 0.0f, 0.0f};
  along_columns.height_axis = {0.0f, -3.0f, 0.0f};
  along_columns.pinned = {300 * 3 + 1};
  add_cloth_grid(model, along_columns);
  return model;
}

struct Case {
  Integrator integrator;
  SolverVariant variant;
};

class LineSolvesGpuTest : public VulkanTest, public ::testing::WithParamInterface<Case> {};

TEST_P(LineSolvesGpuTest, LongLinesAreSolvedAsOnTheCpu) {
  if (IsSkipped()) return;
  const Model model = long_strips(GetParam().integrator, GetParam().variant);
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  const ParticleState<float> start = perturbed_state(model, kDt, 5);
  cpu.state().positions = start.positions;
  cpu.state().previous = start.previous;
  cpu.state().velocities = start.velocities;
  cpu.state().module_arrays = start.module_arrays;
  gpu.upload_state(start);

  std::vector<Step> lines;
  for (const Step& step : cpu.core().build_schedule(cpu.core().full_shape(1))) {
    if (step.pass->name == std::string("bending and stretch along lines") && step.substep == 0)
      lines.push_back(step);
  }
  ASSERT_EQ(lines.size(), 2u) << "one solve along rows and one along columns";
  for (const Step& step : lines) {
    cpu.run_pass(step, kDt);
    gpu.run_pass(step, kDt);
  }

  const ParticleState<float> on_gpu = gpu.download_state();
  const ParticleState<float>& on_cpu = cpu.state();
  EXPECT_GT(largest_move(start, on_cpu), 0.01f)
      << "the strips should be pulled visibly in one step";
  expect_pass_positions_and_velocities_match(on_gpu, on_cpu);
  ASSERT_EQ(on_gpu.module_arrays.size(), on_cpu.module_arrays.size());
  bool any_multiplier = false;
  for (size_t a = 0; a < on_cpu.module_arrays.size(); ++a) {
    const std::vector<float>& expected = on_cpu.module_arrays[a];
    any_multiplier = any_multiplier || std::any_of(expected.begin(), expected.end(),
                                                   [](float l) { return l != 0.0f; });
    auto lambda_tolerance = [&](size_t i) { return 1e-5 * std::abs(expected[i]) + 1e-10; };
    EXPECT_TRUE(all_near(widen(on_gpu.module_arrays[a]), widen(expected), lambda_tolerance,
                         cpu.core().state_array_names()[a]));
  }
  EXPECT_TRUE(any_multiplier) << "the line solve should leave the links' multipliers";
}

INSTANTIATE_TEST_SUITE_P(Cases, LineSolvesGpuTest,
                         ::testing::Values(Case{Integrator::verlet, SolverVariant::general},
                                           Case{Integrator::explicit_euler, SolverVariant::general},
                                           Case{Integrator::verlet, SolverVariant::grid},
                                           Case{Integrator::explicit_euler, SolverVariant::grid}),
                         [](const ::testing::TestParamInfo<Case>& param_info) {
                           return std::string(param_info.param.integrator == Integrator::verlet
                                                  ? "verlet"
                                                  : "explicit_euler") +
                                  (param_info.param.variant == SolverVariant::grid ? "_grid"
                                                                                   : "_general");
                         });

}  // namespace
}  // namespace weft::test
