// The grid bending module's line solve on the GPU against its CPU mirror, on lines longer than a
// workgroup: bend_grid_lines.comp takes a line through shared memory in chunks of
// 2 * WEFT_GROUP_SIZE / WEFT_LINES_PER_GROUP nodes, carrying the elimination from chunk to chunk,
// and the test scenes' lines are all shorter than one chunk. Two strips of springs (a grid of
// constraints bends in the line solves of line_solves_gpu_test.cpp) of 600 nodes, one along its
// rows and one along its columns, each clamped somewhere along the line, bend from a crumpled
// state; every particle must move as on the CPU.
//
// Tolerance: both sides run the same operations in the same order in float; the GPU may contract
// a*b+c into an FMA and divide within 2.5 ULP. The elimination is diagonally dominant, so such
// rounding does not grow along the line: 1e-6 m * max(1, |x|) (about 8 ULP of the coordinate),
// as for every other pass (gpu_pass_test.cpp). The strips are stiff enough that the correction
// at a chunk's first nodes depends on nodes tens of nodes back, and at least 1 cm somewhere,
// 5000 times the tolerance.
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

Model long_strips(Integrator integrator) {
  static_assert(kLineNodes > 2 * WEFT_GROUP_SIZE, "three chunks per line at least");
  Model model;
  model.solver.integrator = integrator;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 10;
  model.solver.relaxation_sweeps = 1;
  model.environment.gravity = {0.0f, -9.81f, 0.0f};

  ClothGridDesc along_rows;
  along_rows.columns = kLineNodes;
  along_rows.rows = 3;
  along_rows.origin = {-1.5f, 0.5f, 0.0f};
  along_rows.width_axis = {3.0f, 0.0f, 0.0f};
  along_rows.height_axis = {0.0f, 0.0f, 0.01f};
  along_rows.particle_mass = 1e-3f;
  along_rows.structural = {LinkKind::spring, 100.0f, 0.0f, 0.0f};
  along_rows.bending_stiffness = 20.0f;
  // Clamped at its first two columns and held by one node far along its middle row.
  along_rows.pinned = {
      0, 1, kLineNodes, kLineNodes + 1, 2 * kLineNodes, 2 * kLineNodes + 1, kLineNodes + 400};
  add_cloth_grid(model, along_rows);

  ClothGridDesc along_columns = along_rows;
  along_columns.columns = 3;
  along_columns.rows = kLineNodes;
  along_columns.origin = {-0.5f, 1.0f, 0.2f};
  along_columns.width_axis = {0.01f, 0.0f, 0.0f};
  along_columns.height_axis = {0.0f, -3.0f, 0.0f};
  // Held by two rows in the middle of its length: a clamp on either side.
  along_columns.pinned = {300 * 3, 300 * 3 + 1, 300 * 3 + 2, 301 * 3, 301 * 3 + 1, 301 * 3 + 2};
  add_cloth_grid(model, along_columns);
  return model;
}

class GridBendingGpuTest : public VulkanTest, public ::testing::WithParamInterface<Integrator> {};

TEST_P(GridBendingGpuTest, LongLinesBendAsOnTheCpu) {
  if (IsSkipped()) return;
  const Model model = long_strips(GetParam());
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  const ParticleState<float> start = perturbed_state(model, kDt, 11);
  cpu.state().positions = start.positions;
  cpu.state().previous = start.previous;
  cpu.state().velocities = start.velocities;
  gpu.upload_state(start);

  std::vector<Step> bending;
  for (const Step& step : cpu.core().build_schedule(cpu.core().full_shape(1))) {
    const std::string label = cpu.core().module(step.module).label(step);
    if (label.rfind("grid bending", 0) == 0 && step.substep == 0) bending.push_back(step);
  }
  ASSERT_EQ(bending.size(), 2u) << "one solve along rows and one along columns";
  for (const Step& step : bending) {
    cpu.run_pass(step, kDt);
    gpu.run_pass(step, kDt);
  }

  const ParticleState<float> on_gpu = gpu.download_state();
  const ParticleState<float>& on_cpu = cpu.state();
  EXPECT_GT(largest_move(start, on_cpu), 0.01f) << "the strips should bend visibly in one step";
  expect_pass_positions_and_velocities_match(on_gpu, on_cpu);
}

INSTANTIATE_TEST_SUITE_P(Integrators, GridBendingGpuTest,
                         ::testing::Values(Integrator::verlet, Integrator::explicit_euler),
                         [](const ::testing::TestParamInfo<Integrator>& param_info) {
                           return param_info.param == Integrator::verlet ? "verlet"
                                                                         : "explicit_euler";
                         });

}  // namespace
}  // namespace weft::test
