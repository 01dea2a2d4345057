// Several objects in one solver share its passes: each kind of element is one module, and a
// module's dispatch covers all of its elements, whichever object they belong to. So a scene of
// four cloths records as many dispatches per frame as a scene of one (on either solver path), and
// the solver's compute pipelines are made once per device, not once per solver.
#include <gtest/gtest.h>

#include <memory>

#include "engine/compute_pipeline_cache.h"
#include "sim/model/cloth_grid.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/rope.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

// `count` cloths of 9 x 7 side by side, each pinned at two corners; structural and shear links
// are constraints, bend links springs.
Model cloths(uint32_t count, SolverVariant variant) {
  Model model;
  for (uint32_t k = 0; k < count; ++k) {
    ClothGridDesc cloth;
    cloth.columns = 9;
    cloth.rows = 7;
    cloth.origin = {1.5f * static_cast<float>(k), 1.0f, 0.0f};
    cloth.width_axis = {1.0f, 0.0f, 0.0f};
    cloth.height_axis = {0.0f, 0.0f, 0.8f};
    cloth.particle_mass = 0.01f;
    cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 1e-5f};
    cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
    cloth.bend = {LinkKind::spring, 5.0f, 0.01f, 0.0f};
    cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                    grid_corner(cloth, GridCorner::first_row_last_column)};
    add_cloth_grid(model, cloth);
  }
  model.environment.spheres.push_back({{0.5f, 0.0f, 0.4f}, 0.3f});
  model.solver.variant = variant;
  model.solver.substeps = 4;
  model.solver.relaxation_sweeps = 3;
  return model;
}

uint64_t dispatches_of_one_frame(Device& device, const Model& model) {
  GpuSolver solver(device, model);
  solver.step_frames(1);
  return solver.dispatches_recorded();
}

class GpuManyObjectsTest : public VulkanTest {};

TEST_F(GpuManyObjectsTest, FourClothsRecordAsManyDispatchesAsOne) {
  for (SolverVariant variant : {SolverVariant::general, SolverVariant::grid}) {
    const uint64_t one = dispatches_of_one_frame(device(), cloths(1, variant));
    const uint64_t four = dispatches_of_one_frame(device(), cloths(4, variant));
    // Per substep at least: the force gather, the walks along rows (integrating) and columns, a
    // relaxation dispatch, collision.
    EXPECT_GE(one, 4u * 5u);
    EXPECT_EQ(four, one) << (variant == SolverVariant::grid ? "grid path" : "general path");
  }
  // Ropes beside the cloths join the general path's passes: no pass of their own. But the particles
  // are no longer all nodes of the grids, so an integration pass runs in each substep instead of
  // the walk along rows.
  Model with_ropes = cloths(4, SolverVariant::general);
  RopeDesc rope;
  rope.start = {0.0f, 2.0f, 0.0f};
  rope.node_count = 12;
  rope.segment = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  rope.pinned = {0};
  add_rope(with_ropes, rope);
  rope.start.z = 1.0f;
  rope.segment = {LinkKind::spring, 50.0f, 0.1f, 0.0f};
  add_rope(with_ropes, rope);
  EXPECT_EQ(dispatches_of_one_frame(device(), with_ropes),
            dispatches_of_one_frame(device(), cloths(1, SolverVariant::general)) +
                with_ropes.solver.substeps);
}

TEST_F(GpuManyObjectsTest, PipelinesAreMadeOncePerDevice) {
  const Model model = cloths(2, SolverVariant::general);
  const ComputePipelineCache& cache = device().compute_pipelines();
  auto first = std::make_unique<GpuSolver>(device(), model);
  const size_t made = cache.pipelines_made();
  EXPECT_GE(made, 4u);  // at least the gather, integration, relaxation and collision
  // A second solver of the same kinds of element, and a rebuild after the first is gone (the
  // viewer's reset), make no pipeline.
  GpuSolver second(device(), model);
  first.reset();
  GpuSolver rebuilt(device(), model);
  rebuilt.step_frames(1);
  EXPECT_EQ(cache.pipelines_made(), made);
}

}  // namespace
}  // namespace weft::test
