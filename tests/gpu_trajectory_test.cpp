// Whole frames on the GPU against the CPU reference: every pass in the frame schedule, with
// barriers, substeps, relaxation sweeps over all colours, anchors, collisions, one-shot forces
// and a drag (a particle pinned mid-run and driven by an anchor), for both test scenes and every
// integrator. Every particle is compared after every frame.
//
// Tolerance. The GPU computes in float like the CPU reference, but a GPU may round differently
// (FMA contraction; division and sqrt within 2.5 ULP), and the stiff springs and constraints
// feed each difference back into the next substep. How far two roundings of this trajectory
// drift apart is measured in the test itself: a double-precision run of the same frames gives
// the float reference's own rounding error (up to ~4e-5 m after 6 frames of the cloth). The GPU
// may err as much in another direction, so each frame allows 4x that distance (largest over all
// particles), plus 1e-6 m. On lavapipe the GPU agrees with the float reference to the bit. A
// broken pass moves particles by millimetres within one frame (gravity alone accounts for 1.4 mm
// per frame), far beyond the tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include <glm/geometric.hpp>

#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

class GpuTrajectoryTest : public VulkanTest,
                          public ::testing::WithParamInterface<std::tuple<TestScene, Integrator>> {
};

TEST_P(GpuTrajectoryTest, EveryParticleFollowsTheCpuReference) {
  const Integrator integrator = std::get<1>(GetParam());
  const Model model = make_test_scene(std::get<0>(GetParam()), integrator);
  CpuSolver<float> cpu(model);
  CpuSolver<double> exact(model);
  GpuSolver gpu(device(), model);
  const uint32_t dragged = model.particle_count() / 2;
  auto on_all = [&](auto&& action) {
    action(cpu);
    action(exact);
    action(gpu);
  };
  double worst = 0.0;
  for (uint32_t frame = 0; frame < 6; ++frame) {
    if (frame == 1) {  // Witkin's one-shot force
      on_all([](auto& s) { s.apply_force_once(3, {0.0f, 20.0f, 5.0f}); });
    }
    if (frame == 2) {  // the anchor changes direction, as NeHe's keys make it
      on_all([](auto& s) { s.set_anchor_velocity(0, {-0.5f, 0.4f, 0.0f}); });
    }
    if (frame == 3) {  // a drag grabs a particle: pinned where it is
      on_all([&](auto& s) { s.set_inverse_mass(dragged, 0.0f); });
    }
    if (frame == 4) {  // and lets go
      on_all([&](auto& s) { s.set_inverse_mass(dragged, 1.0f / 0.1f); });
    }
    cpu.step_frame();
    exact.step_frame();
    gpu.step_frames(1);

    double float_error = 0.0;
    for (size_t i = 0; i < model.positions.size(); ++i) {
      float_error = std::max(float_error, glm::distance(glm::dvec3(cpu.state().positions[i]),
                                                        glm::dvec3(exact.state().positions[i])));
    }
    const double tolerance = 1e-6 + 4.0 * float_error;
    const ParticleState<float> state = gpu.download_state();
    ASSERT_TRUE(all_near(state.positions, cpu.state().positions, tolerance,
                         "positions after frame " + std::to_string(frame)));
    for (size_t i = 0; i < state.positions.size(); ++i) {
      worst = std::max(worst, double{glm::distance(glm::vec3(state.positions[i]),
                                                   glm::vec3(cpu.state().positions[i]))});
    }
  }
  // The run must have moved: a solver that did nothing on both sides would also agree.
  float farthest = 0.0f;
  for (size_t i = 0; i < model.positions.size(); ++i) {
    farthest =
        std::max(farthest, glm::distance(glm::vec3(cpu.state().positions[i]), model.positions[i]));
  }
  EXPECT_GT(farthest, 0.01f);
  EXPECT_FALSE(blow_up_reason(gpu.measure_health()).has_value());
  std::printf("[ weft     ] largest GPU-CPU difference over 6 frames: %.3g m\n", worst);
}

INSTANTIATE_TEST_SUITE_P(AllScenesAndIntegrators, GpuTrajectoryTest, every_scene_and_integrator(),
                         scene_and_integrator_name);

// Particles that cross a thin mesh within one substep, as the CPU reference catches them
// (collider_test): one straight down through it, ending beyond the mesh's bounds; one slantwise,
// crossing inside a triangle and ending beyond its edge; one falling beside the mesh, which it
// must not touch. Same tolerance as above; every particle is compared after every frame, and
// the first two must end on the side they came from.
class GpuThinMeshTest : public VulkanTest {};

TEST_F(GpuThinMeshTest, CatchesParticlesThatCrossItInOneSubstep) {
  Model model;
  model.add_particle({0.1f, 0.05f, 0.05f}, 1.0f);
  model.add_particle({0.4f, 0.05f, -0.2f}, 1.0f);
  model.add_particle({0.8f, 0.05f, 0.0f}, 1.0f);
  model.velocities = {{0.0f, -10.0f, 0.0f}, {15.0f, -10.0f, 0.0f}, {0.0f, -10.0f, 0.0f}};
  model.solver.frame_dt = 1.0f / 120.0f;
  model.solver.substeps = 1;
  model.solver.relaxation_sweeps = 0;
  model.environment.contact_friction = 0.0f;
  Collider floor;
  floor.shape = ColliderShape::mesh;
  floor.margin = 0.004f;
  floor.triangles = {{-0.5f, 0.0f, -0.5f}, {-0.5f, 0.0f, 0.5f}, {0.5f, 0.0f, 0.5f},
                     {-0.5f, 0.0f, -0.5f}, {0.5f, 0.0f, 0.5f},  {0.5f, 0.0f, -0.5f}};
  model.environment.colliders.push_back(floor);
  CpuSolver<float> cpu(model);
  CpuSolver<double> exact(model);
  GpuSolver gpu(device(), model);
  for (uint32_t frame = 0; frame < 3; ++frame) {
    cpu.step_frame();
    exact.step_frame();
    gpu.step_frames(1);
    double float_error = 0.0;
    for (size_t i = 0; i < model.positions.size(); ++i) {
      float_error = std::max(float_error, glm::distance(glm::dvec3(cpu.state().positions[i]),
                                                        glm::dvec3(exact.state().positions[i])));
    }
    const ParticleState<float> state = gpu.download_state();
    ASSERT_TRUE(all_near(state.positions, cpu.state().positions, 1e-6 + 4.0 * float_error,
                         "positions after frame " + std::to_string(frame)));
    if (frame == 0) {
      EXPECT_GE(state.positions[0].y, 0.0f);  // caught, not through
      EXPECT_GE(state.positions[1].y, 0.0f);
      EXPECT_GT(state.positions[1].x, 0.5f);  // and on beyond the edge, above the floor's plane
    }
  }
  EXPECT_GE(gpu.download_state().positions[0].y, 0.0f);
  EXPECT_LT(gpu.download_state().positions[2].y, -0.1f);  // beside the floor: falls on
}

// Far from the origin a float cannot hold a substep's fall (g dt^2 = 6.6e-7 m at 64 substeps; one
// ULP at y = 100 is 7.6e-6 m): the integrator carries what rounding left out of a step into the
// next (compensated summation), on the GPU as in the CPU reference. Particles let fall for one
// second from y = 0.5, 100 and 1000 drop the same g dt^2 N (N + 1) / 2 (4.906 m), as the CPU
// reference's do; without compensation those at 100 and 1000 did not move.
class GpuWorldPositionTest : public VulkanTest {};

TEST_F(GpuWorldPositionTest, ParticlesFallTheSameDistanceAtAnyHeight) {
  Model model;
  const std::vector<float> heights = {0.5f, 100.0f, 1000.0f};
  for (size_t k = 0; k < heights.size(); ++k)
    model.add_particle({float(k), heights[k], 0.0f}, 1.0f);
  model.solver.integrator = Integrator::verlet;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 64;
  GpuSolver gpu(device(), model);
  gpu.step_frames(60);
  const ParticleState<float> state = gpu.download_state();
  const double steps = 60.0 * 64.0;
  const double dt = (1.0 / 60.0) / 64.0;
  const double expected = 0.5 * 9.81 * dt * dt * steps * (steps + 1.0);
  for (size_t k = 0; k < heights.size(); ++k) {
    // A few ULPs at 1000 m (6.1e-5 m each).
    EXPECT_NEAR(heights[k] - state.positions[k].y, expected, 2e-4) << "from y = " << heights[k];
  }
}

}  // namespace
}  // namespace weft::test
