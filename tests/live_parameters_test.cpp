// Live edits on the CPU reference (sim/live_parameters.h): a new environment or material takes
// effect from the next frame without touching the particles, and an edit that changes the
// model's shape is refused.
#include <gtest/gtest.h>

#include "sim/cpu_solver.h"
#include "sim/model_error.h"
#include "tests/support/test_scenes.h"

namespace weft::test {
namespace {

TEST(LiveParameters, GravityAndWindTakeEffectAtTheNextFrame) {
  Model model = cloth_scene(Integrator::semi_implicit_euler);
  CpuSolver<double> solver(model);
  solver.step_frame();
  const std::vector<glm::dvec4> before(solver.state().positions.begin(),
                                       solver.state().positions.end());
  model.environment.gravity = {0.0f, 9.81f, 0.0f};  // upside down
  solver.set_parameters(model);
  EXPECT_EQ(solver.params().gravity.y, 9.81f);
  // The edit does not move anything by itself.
  for (size_t i = 0; i < before.size(); ++i) {
    ASSERT_EQ(solver.state().positions[i], before[i]);
  }
  for (int frame = 0; frame < 10; ++frame)
    solver.step_frame();
  EXPECT_GT(solver.state().positions[60].y, before[60].y);  // an inner particle rises
}

TEST(LiveParameters, SolverSettingsAndCollidersFollowTheModel) {
  Model model = cloth_scene(Integrator::verlet);
  CpuSolver<float> solver(model);
  model.solver.relaxation_sweeps = 3;
  model.solver.verlet_damping = 0.01f;
  model.environment.spheres[0].radius = 0.45f;
  model.environment.ground.height = -1.0f;
  solver.set_parameters(model);
  EXPECT_EQ(solver.packed().solver.relaxation_sweeps, 3u);
  EXPECT_FLOAT_EQ(solver.params().verlet_damping, 0.01f);
  EXPECT_FLOAT_EQ(solver.packed().spheres[0].w, 0.45f);
  EXPECT_FLOAT_EQ(solver.params().ground.x, -1.0f);
}

TEST(LiveParameters, LinkMaterialsChangeStiffnessAndKeepTheOrder) {
  Model model = cloth_scene(Integrator::verlet);
  CpuSolver<float> solver(model);
  const auto colors = solver.packed().constraints.color_offsets;
  for (Spring& s : model.springs)
    s.stiffness *= 2.0f;
  for (DistanceConstraint& c : model.constraints)
    c.compliance = 1e-3f;
  solver.set_link_materials(model);
  EXPECT_FLOAT_EQ(solver.packed().springs.refs[0].stiffness, 2.0f * 200.0f);
  EXPECT_EQ(solver.packed().constraints.color_offsets, colors);
  for (const gpu::DistanceConstraint& c : solver.packed().constraints.constraints) {
    ASSERT_FLOAT_EQ(c.compliance, 1e-3f);
  }
}

TEST(LiveParameters, AnEditThatChangesTheShapeIsRefused) {
  Model model = cloth_scene(Integrator::verlet);
  CpuSolver<float> solver(model);
  Model more_spheres = model;
  more_spheres.environment.spheres.push_back({{1.0f, 0.0f, 0.0f}, 0.1f});
  EXPECT_THROW(solver.set_parameters(more_spheres), ModelError);
  Model fewer_springs = model;
  fewer_springs.springs.pop_back();
  EXPECT_THROW(solver.set_link_materials(fewer_springs), ModelError);
  Model invalid = model;
  invalid.solver.verlet_damping = 2.0f;
  EXPECT_THROW(solver.set_parameters(invalid), ModelError);
}

}  // namespace
}  // namespace weft::test
