// The mouse drag on the CPU reference (sim/particle_drag.h): the dragged particle follows the
// target, is pinned while held, gets its mass back when let go and leaves with the drag's
// velocity; particles that a model anchor drives are refused.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "sim/cpu_solver.h"
#include "sim/model_error.h"
#include "tests/support/test_scenes.h"

namespace weft::test {
namespace {

constexpr uint32_t kDragged = 40;  // an interior particle of cloth_scene's 12 x 9 grid

glm::dvec3 position_of(const CpuSolver<double>& solver, uint32_t i) {
  return glm::dvec3(solver.state().positions[i]);
}

TEST(Drag, PullsTheParticleToTheTargetAndPinsIt) {
  const Model model = cloth_scene(Integrator::verlet);
  CpuSolver<double> solver(model);
  const glm::vec3 target = model.positions[kDragged] + glm::vec3(0.0f, 0.3f, 0.1f);
  solver.drag(kDragged, target);
  solver.step_frame();
  EXPECT_EQ(solver.state().positions[kDragged].w, 0.0);
  // After one frame (16.7 ms, about half a time constant) it is on its way, not there yet.
  const double after_one = glm::distance(position_of(solver, kDragged), glm::dvec3(target));
  EXPECT_GT(after_one, 0.05);
  EXPECT_LT(after_one, 0.3);
  for (int frame = 0; frame < 20; ++frame)
    solver.step_frame();
  EXPECT_LT(glm::distance(position_of(solver, kDragged), glm::dvec3(target)), 1e-3);
}

TEST(Drag, LettingGoGivesTheMassBackAndKeepsTheVelocity) {
  const Model model = cloth_scene(Integrator::semi_implicit_euler);
  CpuSolver<double> solver(model);
  glm::vec3 target = model.positions[kDragged];
  for (int frame = 0; frame < 10; ++frame) {
    target += glm::vec3(0.0f, 0.05f, 0.0f);  // the cursor moves up at 3 m/s
    solver.drag(kDragged, target);
    solver.step_frame();
  }
  solver.end_drag();
  EXPECT_FALSE(solver.current_drag().active);
  EXPECT_FLOAT_EQ(static_cast<float>(solver.state().positions[kDragged].w),
                  model.inverse_masses[kDragged]);
  // It leaves moving up, not at rest. The cursor jumps 5 cm at each frame start and the pull
  // slows as it closes the gap, so the last substep's speed is below the cursor's 3 m/s
  // (about 2.2 m/s for a 30 ms time constant).
  EXPECT_GT(solver.velocities()[kDragged].y, 1.5);
  EXPECT_LT(solver.velocities()[kDragged].y, 3.0);
  EXPECT_NEAR(solver.velocities()[kDragged].x, 0.0, 0.5);
}

TEST(Drag, MovingToAnotherParticleReleasesTheFirst) {
  const Model model = cloth_scene(Integrator::verlet);
  CpuSolver<double> solver(model);
  solver.drag(kDragged, model.positions[kDragged]);
  solver.drag(kDragged + 1, model.positions[kDragged + 1]);
  EXPECT_EQ(solver.current_drag().particle, kDragged + 1);
  EXPECT_FLOAT_EQ(static_cast<float>(solver.state().positions[kDragged].w),
                  model.inverse_masses[kDragged]);
  EXPECT_EQ(solver.state().positions[kDragged + 1].w, 0.0);
}

TEST(Drag, APinnedParticleStaysPinnedWhereItWasLeft) {
  const Model model = cloth_scene(Integrator::verlet);
  CpuSolver<double> solver(model);
  const uint32_t pinned = 0;  // a corner pinned without an anchor
  ASSERT_EQ(model.inverse_masses[pinned], 0.0f);
  const glm::vec3 target = model.positions[pinned] + glm::vec3(0.2f, 0.0f, 0.0f);
  solver.drag(pinned, target, 0.0f);  // no follow time: it lands on the target at once
  solver.step_frame();
  solver.end_drag();
  solver.step_frame();
  EXPECT_EQ(solver.state().positions[pinned].w, 0.0);
  EXPECT_LT(glm::distance(position_of(solver, pinned), glm::dvec3(target)), 1e-9);
}

TEST(Drag, RefusesAnchoredAndMissingParticles) {
  const Model model = cloth_scene(Integrator::verlet);
  CpuSolver<float> solver(model);
  EXPECT_THROW(solver.drag(model.anchors[0].particle, {0.0f, 0.0f, 0.0f}), ModelError);
  EXPECT_THROW(solver.drag(model.particle_count(), {0.0f, 0.0f, 0.0f}), ModelError);
  EXPECT_THROW(solver.drag(kDragged, {0.0f, NAN, 0.0f}), ModelError);
  EXPECT_FALSE(solver.current_drag().active);
}

}  // namespace
}  // namespace weft::test
