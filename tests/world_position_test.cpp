// Where a scene sits in the world must not change its physics. Positions are floats: far from the
// origin one ULP is more than a substep's fall (g dt^2 = 6.6e-7 m at 64 substeps of a 1/60 s
// frame, while a float at |y| in [64, 128) moves in steps of 7.6e-6 m). The Verlet step is
// summed with compensation (shaders/integrate.comp), so what rounding leaves out of one step is
// added to the next; the CPU reference runs in float here, as the GPU does.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sim/core/cpu_solver.h"
#include "sim/model/model.h"
#include "sim/model/rope.h"
#include "tests/support/pendulum_swing.h"

namespace weft::test {
namespace {

constexpr double kGravity = 9.81;
constexpr float kFrame = 1.0f / 60.0f;

Model pendulum(float pivot_height, uint32_t substeps) {
  // A 1 m rod (two nodes, an inextensible constraint) released 11.5 degrees off vertical.
  const float angle = 11.5f * 3.14159265f / 180.0f;
  Model model;
  RopeDesc rope;
  rope.start = {0.0f, pivot_height, 0.0f};
  rope.end = {std::sin(angle), pivot_height - std::cos(angle), 0.0f};
  rope.node_count = 2;
  rope.node_mass = 1.0f;
  rope.segment = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  rope.pinned = {0};
  add_rope(model, rope);
  model.environment.gravity = {0.0f, -float(kGravity), 0.0f};
  model.solver.integrator = Integrator::verlet;
  model.solver.damping_rate = 0.0f;
  model.solver.frame_dt = kFrame;
  model.solver.substeps = substeps;
  model.solver.relaxation_sweeps = 1;
  return model;
}

// The pendulum's half-period (s), pivoted at y = `pivot_height`.
double half_period(float pivot_height, uint32_t substeps) {
  CpuSolver<float> solver(pendulum(pivot_height, substeps));
  const double half = pendulum_half_period(solver);
  EXPECT_GT(half, 0.0) << "the pendulum at y = " << pivot_height << " did not swing";
  return half;
}

// The exact half-period at 11.5 degrees: pi sqrt(L / g) (1 + theta^2 / 16 + ...) = 1.0056 s. At 16
// substeps the pendulum swings within 0.3% of it with its pivot at y = 0.5, 10 or 100 (before
// compensation: 18% slow at y = 100). At 64 substeps a step's fall is under a ULP at y = 0.5
// already; compensation keeps it within 1% there (1.022 s before). Further out, the rod's own
// correction rounds away at 64 substeps (docs/physics.md, "Where the cloth is"). Crossings are
// read to about 1e-4 s.
TEST(WorldPosition, APendulumSwingsAsTheAnalyticPendulumAtAnyHeight) {
  const double exact = 3.14159265358979 * std::sqrt(1.0 / kGravity) *
                       (1.0 + std::pow(11.5 * 3.14159265358979 / 180.0, 2.0) / 16.0);
  for (float height : {0.5f, 10.0f, 100.0f}) {
    EXPECT_NEAR(half_period(height, 16), exact, 0.003 * exact) << "pivot at y = " << height;
  }
  EXPECT_NEAR(half_period(0.5f, 64), exact, 0.01 * exact) << "pivot at y = 0.5, 64 substeps";
}

// A particle let fall for one second from y = 100 or 1000 at 64 substeps drops what Verlet's
// steps add up to, g dt^2 N (N + 1) / 2 for N steps from rest (4.906 m), as one let fall from
// y = 0.5 does. Without compensation it did not move.
TEST(WorldPosition, AParticleFallsTheSameDistanceAtAnyHeight) {
  for (float height : {0.5f, 100.0f, 1000.0f}) {
    Model model;
    model.add_particle({0.0f, height, 0.0f}, 1.0f);
    model.environment.gravity = {0.0f, -float(kGravity), 0.0f};
    model.solver.integrator = Integrator::verlet;
    model.solver.damping_rate = 0.0f;
    model.solver.frame_dt = kFrame;
    model.solver.substeps = 64;
    CpuSolver<float> solver(model);
    for (int frame = 0; frame < 60; ++frame)
      solver.step_frame();
    const double drop = height - solver.state().positions[0].y;
    const double steps = 60.0 * 64.0;
    const double dt = double{kFrame} / 64.0;
    // One float ULP at 1000 m is 6.1e-5 m: the drop is read to a few of them.
    EXPECT_NEAR(drop, 0.5 * kGravity * dt * dt * steps * (steps + 1.0), 2e-4)
        << "from y = " << height;
  }
}

}  // namespace
}  // namespace weft::test
