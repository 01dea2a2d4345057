// The mouse drag on the CPU reference (sim/model/particle_drag.h): the dragged particle follows the
// target, is pinned while held, gets its mass back when let go and leaves with the drag's
// velocity; particles that a model anchor drives are refused.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "sim/core/cpu_solver.h"
#include "sim/model/model_error.h"
#include "sim/modules/tethers.h"
#include "tests/support/test_scenes.h"

namespace weft::test {
namespace {

constexpr uint32_t kDragged = 40;  // an interior particle of cloth_scene's 12 x 9 grid

glm::dvec3 position_of(const CpuSolver<double>& solver, uint32_t i) {
  return glm::dvec3(solver.state().positions[i]);
}

// cloth_scene without its tethers: the drag's own mechanics, free of the cloth's reach.
Model untethered_cloth(Integrator integrator) {
  Model model = cloth_scene(integrator);
  model.tether_groups.clear();
  return model;
}

TEST(Drag, PullsTheParticleToTheTargetAndPinsIt) {
  const Model model = untethered_cloth(Integrator::verlet);
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
  const Model model = untethered_cloth(Integrator::semi_implicit_euler);
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

TEST(Drag, StopsWhereTheClothsTethersReach) {
  // With tethers, the dragged particle stays within its tethers' reach of the pins, however far
  // the cursor goes: the cloth stretches only as far as its material allows.
  const Model model = cloth_scene(Integrator::verlet);
  CpuSolver<double> solver(model);
  const Tethers& tethers = *solver.core().find<Tethers>();
  const gpu::Tether tether = tethers.tethers()[kDragged];
  ASSERT_NE(tether.pin0, WEFT_TETHER_NONE);
  const glm::vec3 target = model.positions[kDragged] + glm::vec3(0.0f, 0.0f, 2.0f);
  for (int frame = 0; frame < 30; ++frame) {
    solver.drag(kDragged, target);
    solver.step_frame();
  }
  const double reach = glm::distance(position_of(solver, kDragged),
                                     glm::dvec3(solver.state().positions[tether.pin0]));
  EXPECT_LE(reach, tether.max_length0 * (1.0 + 1e-6));
  EXPECT_GT(glm::distance(position_of(solver, kDragged), glm::dvec3(target)), 1.0);
  // Without tethers the same drag reaches the cursor.
  CpuSolver<double> free(untethered_cloth(Integrator::verlet));
  for (int frame = 0; frame < 30; ++frame) {
    free.drag(kDragged, target);
    free.step_frame();
  }
  EXPECT_LT(glm::distance(position_of(free, kDragged), glm::dvec3(target)), 1e-3);
}

TEST(Drag, MovingToAnotherParticleReleasesTheFirst) {
  const Model model = untethered_cloth(Integrator::verlet);
  CpuSolver<double> solver(model);
  solver.drag(kDragged, model.positions[kDragged]);
  solver.drag(kDragged + 1, model.positions[kDragged + 1]);
  EXPECT_EQ(solver.current_drag().particle, kDragged + 1);
  EXPECT_FLOAT_EQ(static_cast<float>(solver.state().positions[kDragged].w),
                  model.inverse_masses[kDragged]);
  EXPECT_EQ(solver.state().positions[kDragged + 1].w, 0.0);
}

TEST(Drag, APinnedParticleStaysPinnedWhereItWasLeft) {
  const Model model = untethered_cloth(Integrator::verlet);
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
  const Model model = untethered_cloth(Integrator::verlet);
  CpuSolver<float> solver(model);
  EXPECT_THROW(solver.drag(model.anchors[0].particle, {0.0f, 0.0f, 0.0f}), ModelError);
  EXPECT_THROW(solver.drag(model.particle_count(), {0.0f, 0.0f, 0.0f}), ModelError);
  EXPECT_THROW(solver.drag(kDragged, {0.0f, NAN, 0.0f}), ModelError);
  EXPECT_FALSE(solver.current_drag().active);
}

// The anchors refuse the drag before anything changes: the drag under way goes on, its particle
// still held, and the anchored particle keeps its own pin.
TEST(Drag, ARefusedDragLeavesTheDragUnderWay) {
  const Model model = untethered_cloth(Integrator::verlet);
  CpuSolver<float> solver(model);
  const glm::vec3 target = model.positions[kDragged] + glm::vec3(0.0f, 0.1f, 0.0f);
  solver.drag(kDragged, target);
  const uint32_t anchored = model.anchors[0].particle;
  EXPECT_THROW(solver.drag(anchored, {0.0f, 0.0f, 0.0f}), ModelError);
  ASSERT_TRUE(solver.current_drag().active);
  EXPECT_EQ(solver.current_drag().particle, kDragged);
  solver.step_frame();
  EXPECT_EQ(solver.state().positions[kDragged].w, 0.0f);
  EXPECT_EQ(solver.state().positions[anchored].w, model.inverse_masses[anchored]);
  solver.end_drag();
  solver.step_frame();
  EXPECT_EQ(solver.state().positions[kDragged].w, model.inverse_masses[kDragged]);
}

}  // namespace
}  // namespace weft::test
