// The CPU reference (in double) against analytic physics: the seeds' scenarios and the classic
// properties of the integrators. Each expected value comes from a formula, never from a run.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include <glm/geometric.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/core/cpu_solver.h"
#include "sim/core/energy.h"
#include "sim/model/frame_clock.h"
#include "sim/model/rope.h"

namespace weft {
namespace {

constexpr double kG = 9.81;

Model one_particle(glm::vec3 position, glm::vec3 velocity, float mass, Integrator integrator,
                   float frame_dt) {
  Model model;
  model.add_particle(position, 1.0f / mass);
  model.velocities[0] = velocity;
  model.solver.integrator = integrator;
  model.solver.frame_dt = frame_dt;
  model.solver.substeps = 1;
  return model;
}

// Two 1 kg masses joined by a spring of rest length 1 m, released stretched to `length`.
Model two_masses(float stiffness, float damping, float length, Integrator integrator, float dt) {
  Model model;
  model.add_particle({0.0f, 0.0f, 0.0f}, 1.0f);
  model.add_particle({length, 0.0f, 0.0f}, 1.0f);
  model.springs.push_back({0, 1, 1.0f, stiffness, damping});
  model.environment.gravity = glm::vec3(0.0f);
  model.solver.integrator = integrator;
  model.solver.frame_dt = dt;
  model.solver.substeps = 1;
  return model;
}

double separation(const CpuSolver<double>& solver) {
  return glm::distance(glm::dvec3(solver.state().positions[0]),
                       glm::dvec3(solver.state().positions[1]));
}

TEST(CpuPhysics, FreeFallFollowsTheDiscreteAndTheAnalyticSolution) {
  const float dt = 0.01f;
  for (Integrator integrator :
       {Integrator::explicit_euler, Integrator::semi_implicit_euler, Integrator::verlet}) {
    CpuSolver<double> solver(
        one_particle({0.0f, 10.0f, 0.0f}, glm::vec3(0.0f), 1.0f, integrator, dt));
    const double h = solver.params().dt;  // dt as the solver holds it (float)
    const double g = -solver.params().gravity.y;
    for (int n = 1; n <= 200; ++n) {
      solver.step_frame();
      // Explicit Euler moves with the old velocity: y_n = y0 - g h^2 n(n-1)/2. Semi-implicit
      // Euler and Verlet (started from x_prev = x) move with the new one: n(n+1)/2.
      const double steps =
          integrator == Integrator::explicit_euler ? n * (n - 1) / 2.0 : n * (n + 1) / 2.0;
      const double discrete = 10.0 - g * h * h * steps;
      const double t = n * h;
      const double analytic = 10.0 - 0.5 * g * t * t;
      const double y = solver.state().positions[0].y;
      ASSERT_NEAR(y, discrete, 1e-9) << "step " << n;
      // Both first-order schemes are off the parabola by at most g t h / 2.
      ASSERT_LE(std::abs(y - analytic), 0.5 * g * t * h + 1e-9) << "step " << n;
    }
  }
}

// NeHe lesson 39, simulated as the lesson does: each 1/60 s frame split by the max-dt rule.
class NeheLesson39 : public ::testing::Test {
 protected:
  static constexpr float kFrame = 1.0f / 60.0f;
  static constexpr float kMaxDt = 0.002f;
  // Runs `frames` frames; returns the simulated time as the sum of the substeps taken.
  double run(CpuSolver<double>& solver, int frames) {
    const SubstepSplit split = split_elapsed_time(kFrame, kMaxDt);
    for (int f = 0; f < frames; ++f) {
      solver.step(kFrame, split.substeps);
      elapsed_ += split.substeps * double{solver.params().dt};
    }
    return elapsed_;
  }
  double elapsed_ = 0.0;
};

TEST_F(NeheLesson39, ConstantVelocity) {
  Model model = one_particle({0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, 1.0f,
                             Integrator::semi_implicit_euler, kFrame);
  model.environment.gravity = glm::vec3(0.0f);
  CpuSolver<double> solver(model);
  const double t = run(solver, 180);
  EXPECT_NEAR(solver.state().positions[0].x, t, 1e-9);
  EXPECT_EQ(solver.state().positions[0].y, 0.0);
}

TEST_F(NeheLesson39, MotionUnderGravitation) {
  Model model = one_particle({-10.0f, 0.0f, 0.0f}, {10.0f, 15.0f, 0.0f}, 1.0f,
                             Integrator::semi_implicit_euler, kFrame);
  CpuSolver<double> solver(model);
  const double t = run(solver, 180);
  const double h = solver.params().dt;
  const double g = -solver.params().gravity.y;  // 9.81 as a float holds it
  EXPECT_NEAR(solver.state().positions[0].x, -10.0 + 10.0 * t, 1e-9);
  // Semi-implicit Euler lands exactly g t h / 2 below the parabola.
  EXPECT_NEAR(solver.state().positions[0].y, 15.0 * t - 0.5 * g * t * t - 0.5 * g * t * h, 1e-9);
  EXPECT_NEAR(solver.state().positions[0].y, 15.0 * t - 0.5 * kG * t * t, 0.5 * kG * t * h * 1.001);
}

TEST_F(NeheLesson39, MassConnectedWithASpringToAFixedPoint) {
  // F = -k (x - c): a zero-rest-length spring to a pinned particle at c. k = 2 N/m, 1 kg, the mass
  // released at rest 10 m to the right: x(t) = c + 10 cos(sqrt(k/m) t).
  Model model;
  model.add_particle({0.0f, -5.0f, 0.0f}, 0.0f);   // the connection
  model.add_particle({10.0f, -5.0f, 0.0f}, 1.0f);  // the mass
  model.springs.push_back({1, 0, 0.0f, 2.0f, 0.0f});
  model.environment.gravity = glm::vec3(0.0f);
  model.solver.integrator = Integrator::semi_implicit_euler;
  CpuSolver<double> solver(model);
  const double omega = std::sqrt(2.0);
  for (int second = 1; second <= 5; ++second) {
    const double t = run(solver, 60);
    // Semi-implicit Euler keeps the amplitude within omega * dt / 2 (~0.13%) of it.
    EXPECT_NEAR(solver.state().positions[1].x, 10.0 * std::cos(omega * t), 0.02) << t << " s";
    EXPECT_NEAR(solver.state().positions[1].y, -5.0, 1e-12);
  }
}

TEST(CpuPhysics, NeheFrameSplittingFollowsTheLessonsRule) {
  // iterations = int(dt / max_dt) + 1, dt /= iterations
  SubstepSplit split = split_elapsed_time(1.0f / 60.0f, 0.002f);
  EXPECT_EQ(split.substeps, 9u);
  EXPECT_NEAR(split.dt, (1.0f / 60.0f) / 9.0f, 1e-9f);
  EXPECT_EQ(split_elapsed_time(0.001f, 0.002f).substeps, 1u);
  EXPECT_EQ(split_elapsed_time(10.0f, 0.002f, 1000).substeps, 1000u);  // capped after a stall
}

TEST(CpuPhysics, SpringPeriodIsTwoPiRootMOverK) {
  // A 0.5 kg mass on a 50 N/m spring to a fixed point: T = 2 pi sqrt(m/k).
  const double expected = 2.0 * std::numbers::pi * std::sqrt(0.5 / 50.0);
  for (Integrator integrator : {Integrator::semi_implicit_euler, Integrator::verlet}) {
    Model model;
    model.add_particle({0.0f, 0.0f, 0.0f}, 0.0f);
    model.add_particle({1.1f, 0.0f, 0.0f}, 2.0f);
    model.springs.push_back({0, 1, 1.0f, 50.0f, 0.0f});
    model.environment.gravity = glm::vec3(0.0f);
    model.solver.integrator = integrator;
    model.solver.frame_dt = 1e-4f;
    model.solver.substeps = 1;
    CpuSolver<double> solver(model);
    std::vector<double> crossings;  // times the mass passes x = 1 moving right
    double previous = solver.state().positions[1].x - 1.0;
    while (crossings.size() < 11) {
      solver.step_frame();
      const double now = solver.state().positions[1].x - 1.0;
      if (previous < 0.0 && now >= 0.0) {
        crossings.push_back(solver.simulated_time() - solver.params().dt * now / (now - previous));
      }
      previous = now;
    }
    const double period = (crossings.back() - crossings.front()) / 10.0;
    EXPECT_NEAR(period, expected, 1e-3 * expected);
  }
}

TEST(CpuPhysics, NeheRopeHangingFromOneEndStretchesEachSpringByTheWeightBelow) {
  // Lesson 40's rope: 80 masses of 0.05 kg, k = 10000 N/m, length 0.05 m, spring friction 0.2,
  // air friction 0.02, hung from mass 0 (no ground, so it can hang). Spring j carries the weight
  // of the 79 - j masses below it: stretch = (79 - j) m g / k, 3.875 mm for the top spring.
  Model model;
  RopeDesc rope;
  rope.start = {0.0f, 0.0f, 0.0f};
  rope.end = {0.0f, -0.05f * 79.0f, 0.0f};
  rope.node_count = 80;
  rope.node_mass = 0.05f;
  rope.segment = {LinkKind::spring, 10000.0f, 0.2f, 0.0f};
  rope.pinned = {0};
  add_rope(model, rope);
  model.environment.spring_damping = SpringDamping::relative;
  model.environment.air_drag = 0.02f;
  model.solver.integrator = Integrator::semi_implicit_euler;
  model.solver.frame_dt = 0.002f;
  model.solver.substeps = 1;
  CpuSolver<double> solver(model);
  for (int step = 0; step < 60000; ++step)
    solver.step_frame();  // 120 s: the waves die out
  for (uint32_t j = 0; j < 79; ++j) {
    const double length = glm::distance(glm::dvec3(solver.state().positions[j]),
                                        glm::dvec3(solver.state().positions[j + 1]));
    const double expected = (79 - j) * 0.05 * kG / 10000.0;
    EXPECT_NEAR(length - 0.05, expected, 0.01 * expected + 1e-6) << "spring " << j;
  }
  const double top = glm::distance(glm::dvec3(solver.state().positions[0]),
                                   glm::dvec3(solver.state().positions[1])) -
                     0.05;
  EXPECT_NEAR(top, 0.003875, 0.0001);  // the lesson's "about 4 mm"
}

TEST(CpuPhysics, ExplicitEulerBlowsUpWhereSymplecticIntegratorsStayBounded) {
  // Seed A's demonstration: two masses and a spring, stretched and released with a large dt.
  // omega dt = sqrt(2 k / m) dt = 0.71: explicit Euler's amplitude grows by sqrt(1 + (omega dt)^2)
  // per step, semi-implicit Euler and Verlet are stable for omega dt < 2.
  const float dt = 0.05f;
  for (Integrator integrator :
       {Integrator::explicit_euler, Integrator::semi_implicit_euler, Integrator::verlet}) {
    CpuSolver<double> solver(two_masses(100.0f, 0.0f, 1.5f, integrator, dt));
    double amplitude = 0.0;
    for (int step = 0; step < 200; ++step) {
      solver.step_frame();
      amplitude = std::max(amplitude, std::abs(separation(solver) - 1.0));
    }
    if (integrator == Integrator::explicit_euler) {
      EXPECT_GT(amplitude, 100.0 * 0.5) << "explicit Euler should have blown up";
      EXPECT_TRUE(blow_up_reason(solver.measure_health()).has_value());
    } else {
      EXPECT_LT(amplitude, 1.5 * 0.5) << "integrator " << static_cast<int>(integrator);
      EXPECT_FALSE(blow_up_reason(solver.measure_health()).has_value());
    }
  }
}

TEST(CpuPhysics, UndampedSymplecticIntegratorsKeepEnergyBoundedOver100kSteps) {
  for (Integrator integrator : {Integrator::semi_implicit_euler, Integrator::verlet}) {
    CpuSolver<double> solver(two_masses(100.0f, 0.0f, 1.2f, integrator, 1e-3f));
    const double initial = 0.5 * 100.0 * 0.2 * 0.2;  // all potential at release, J
    double worst = 0.0;
    for (int step = 1; step <= 100000; ++step) {
      solver.step_frame();
      if (step % 97 == 0) {
        const Energy e = measure_energy(solver.core(), solver.state(), solver.velocities());
        worst = std::max(worst, std::abs(e.total() - initial) / initial);
      }
    }
    // The shadow energy of a symplectic scheme differs from the true one by O(omega dt) = 1.4%
    // here, and does not drift: 3% bounds it over 100 s of oscillation.
    EXPECT_LT(worst, 0.03) << "integrator " << static_cast<int>(integrator);
  }
}

TEST(CpuPhysics, InextensibleRopeKeepsEverySegmentNearItsRestLength) {
  // GAMES101's constraint rope: Verlet, 64 steps per frame, each end moved by half the error.
  Model model;
  RopeDesc rope;
  rope.start = {0.0f, 0.0f, 0.0f};
  rope.end = {1.5f, 0.0f, 0.0f};
  rope.node_count = 16;
  rope.node_mass = 1.0f;
  rope.segment = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  rope.pinned = {0};
  add_rope(model, rope);
  model.solver.integrator = Integrator::verlet;
  model.solver.damping_rate = 0.192f;  // GAMES101: d = 0.00005 per step at 64 steps per frame
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 64;
  model.solver.relaxation_sweeps = 1;
  CpuSolver<double> solver(model);
  const double rest = 0.1;
  double worst = 0.0;
  for (int frame = 0; frame < 180; ++frame) {
    solver.step_frame();
    for (uint32_t i = 0; i + 1 < 16; ++i) {
      const double length = glm::distance(glm::dvec3(solver.state().positions[i]),
                                          glm::dvec3(solver.state().positions[i + 1]));
      worst = std::max(worst, std::abs(length - rest) / rest);
    }
  }
  EXPECT_LT(worst, 0.01);
  // It did swing: the free end fell well below its start.
  EXPECT_LT(solver.state().positions[15].y, -1.0);
}

// Energy left after `seconds` of a 1 m pendulum on an inextensible link, released at 10 degrees.
double pendulum_energy_kept(double damping_rate, uint32_t substeps, double seconds) {
  Model model;
  model.add_particle({0.0f, 0.0f, 0.0f}, 0.0f);
  const double angle = 10.0 * 3.14159265358979 / 180.0;
  model.add_particle({float(std::sin(angle)), float(-std::cos(angle)), 0.0f}, 1.0f);
  model.constraints.push_back({0, 1, 1.0f, 0.0f});
  model.solver.integrator = Integrator::verlet;
  model.solver.damping_rate = float(damping_rate);
  model.solver.substeps = substeps;
  model.solver.relaxation_sweeps = 4;
  CpuSolver<double> solver(model);
  auto energy = [&] {
    const glm::dvec3 v = solver.velocities()[1];
    return 0.5 * glm::dot(v, v) + kG * (solver.state().positions[1].y + 1.0);
  };
  const double start = energy();
  for (int frame = 0; frame < int(seconds * 60.0); ++frame)
    solver.step_frame();
  return energy() / start;
}

TEST(CpuPhysics, DampingIsARatePerSecondWhateverTheSubsteps) {
  // Damping 0.5 1/s removes energy as exp(-0.5 t) at 4, 16 and 64 substeps alike. (A
  // per-substep factor made the same scene 4 times more damped at each fourfold of substeps.)
  // The projection also dissipates on its own, more at large substeps (12% in 3 s at 4, under
  // 1% at 64, below); the damping's share is the ratio to the same run without damping.
  const double rate = 0.5;
  const double seconds = 3.0;
  const double expected = std::exp(-rate * seconds);
  for (uint32_t substeps : {4u, 16u, 64u}) {
    const double damped = pendulum_energy_kept(rate, substeps, seconds);
    const double undamped = pendulum_energy_kept(0.0, substeps, seconds);
    EXPECT_NEAR(damped / undamped, expected, 0.05 * expected) << substeps << " substeps";
  }
  EXPECT_GT(pendulum_energy_kept(0.0, 64, seconds), 0.99);
}

TEST(CpuPhysics, XpbdStretchDoesNotDependOnTheTimeStep) {
  // A 1 kg mass hanging on a constraint of compliance alpha settles at a stretch of m g alpha,
  // whatever the substep: the point of XPBD over plain PBD.
  const float alpha = 1e-3f;
  for (uint32_t substeps : {4u, 32u}) {
    Model model;
    model.add_particle({0.0f, 0.0f, 0.0f}, 0.0f);
    model.add_particle({0.0f, -1.0f, 0.0f}, 1.0f);
    model.constraints.push_back({0, 1, 1.0f, alpha});
    model.solver.integrator = Integrator::verlet;
    model.solver.damping_rate = 10.0f;  // 1/s: settles within the run
    model.solver.substeps = substeps;
    model.solver.relaxation_sweeps = 4;
    CpuSolver<double> solver(model);
    for (int frame = 0; frame < 600; ++frame)
      solver.step_frame();
    const double stretch = -solver.state().positions[1].y - 1.0;
    EXPECT_NEAR(stretch, kG * alpha, 0.02 * kG * alpha) << substeps << " substeps";
  }
}

TEST(CpuPhysics, NeheGroundHoldsAMassAtTheDepthWhereRepulsionMeetsWeight) {
  // Lesson 40's ground: repulsion 100 N/m, friction 0.2, absorption 2.0. A 0.05 kg mass rests
  // where kgr * depth = m g (4.9 mm), and its sliding speed decays at (kgf + ka) / m per second.
  Model model = one_particle({0.0f, -1.5f, 0.0f}, {1.0f, 0.0f, 0.0f}, 0.05f,
                             Integrator::semi_implicit_euler, 0.002f);
  model.environment.ground = {GroundMode::force, -1.5f, 100.0f, 0.2f, 2.0f};
  model.environment.air_drag = 0.02f;
  CpuSolver<double> solver(model);
  for (int step = 0; step < 250; ++step)
    solver.step_frame();  // 0.5 s
  const double rate = (0.2 + 0.02) / 0.05;
  EXPECT_NEAR(solver.velocities()[0].x, std::exp(-rate * 0.5), 0.05 * std::exp(-rate * 0.5));
  for (int step = 0; step < 2250; ++step)
    solver.step_frame();  // 5 s in all
  const double depth = -1.5 - solver.state().positions[0].y;
  EXPECT_NEAR(depth, 0.05 * kG / 100.0, 0.01 * 0.05 * kG / 100.0);
}

TEST(CpuPhysics, CollisionsKeepEveryParticleOutOfTheSphereAndAboveTheGround) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = 16;
  cloth.rows = 16;
  cloth.origin = {-0.6f, 0.6f, -0.6f};
  cloth.width_axis = {1.2f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 1.2f};
  cloth.particle_mass = 0.01f;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 1e-4f};
  cloth.bend = {LinkKind::spring, 5.0f, 0.01f, 0.0f};
  add_cloth_grid(model, cloth);
  model.environment.spheres.push_back({{0.0f, 0.0f, 0.0f}, 0.4f});
  model.environment.ground = {GroundMode::projection, -0.3f, 0.0f, 0.0f, 0.0f};
  model.environment.contact_friction = 0.2f;
  CpuSolver<double> solver(model);
  for (int frame = 0; frame < 90; ++frame) {
    solver.step_frame();
    for (const auto& p : solver.state().positions) {
      ASSERT_GE(glm::length(glm::dvec3(p)), 0.4 - 1e-9);
      ASSERT_GE(p.y, -0.3 - 1e-9);
    }
  }
  // The cloth came to rest on the sphere: its centre particle sits on top of it.
  EXPECT_NEAR(solver.state().positions[8 * 16 + 8].y, 0.4, 0.05);
}

TEST(CpuPhysics, AnAnchorMovesAtItsVelocityAndNeverBelowTheGround) {
  Model model;
  model.add_particle({0.0f, 0.0f, 0.0f}, 0.0f);
  model.anchors.push_back({0, {1.0f, -1.0f, 0.0f}, true});
  model.environment.ground = {GroundMode::force, -0.5f, 100.0f, 0.2f, 2.0f};
  model.solver.integrator = Integrator::semi_implicit_euler;
  CpuSolver<double> solver(model);
  for (int frame = 0; frame < 60; ++frame)
    solver.step_frame();  // 1 s
  EXPECT_NEAR(solver.state().positions[0].x, 1.0, 1e-5);
  EXPECT_NEAR(solver.state().positions[0].y, -0.5, 1e-9);  // stopped at the ground
}

TEST(CpuPhysics, AOneShotForceGivesOneImpulseAndIsThenGone) {
  // Witkin's external force: applied during one substep, then cleared. Impulse = F dt.
  Model model = one_particle({0.0f, 0.0f, 0.0f}, glm::vec3(0.0f), 2.0f,
                             Integrator::semi_implicit_euler, 0.01f);
  model.environment.gravity = glm::vec3(0.0f);
  model.solver.substeps = 4;
  CpuSolver<double> solver(model);
  solver.apply_force_once(0, {10.0f, 0.0f, 0.0f});
  solver.step_frame();
  const double h = solver.params().dt;
  EXPECT_NEAR(solver.velocities()[0].x, 10.0 * h / 2.0, 1e-12);
  solver.step_frame();
  EXPECT_NEAR(solver.velocities()[0].x, 10.0 * h / 2.0, 1e-12);
}

TEST(CpuPhysics, AxialSpringDampingDecaysAtKdOverTwiceTheReducedMass) {
  // Witkin's damped spring between two 1 kg masses: reduced mass 0.5 kg, so the amplitude decays
  // as exp(-kd t / (2 * 0.5)).
  const float kd = 0.5f;
  CpuSolver<double> solver(two_masses(100.0f, kd, 1.2f, Integrator::semi_implicit_euler, 1e-4f));
  auto peak_over = [&](double seconds) {
    double peak = 0.0;
    const int steps = static_cast<int>(seconds / 1e-4);
    for (int s = 0; s < steps; ++s) {
      solver.step_frame();
      peak = std::max(peak, std::abs(separation(solver) - 1.0));
    }
    return peak;
  };
  const double early = peak_over(0.5);  // around t = 0.25 s
  for (int skip = 0; skip < 3; ++skip)
    peak_over(0.5);
  const double late = peak_over(0.5);  // around t = 2.25 s
  EXPECT_NEAR(late / early, std::exp(-kd / (2.0 * 0.5) * 2.0), 0.03);
}

TEST(CpuPhysics, ASoftBendingElementOscillatesAtItsFrequencyWhateverTheSubsteps) {
  // Three 1 kg nodes in a row, the outer two pinned, the middle one pushed aside by delta:
  // C = x0 - 2 x1 + x2 = -2 x1, energy |C|^2 / (2 alpha), so m x1'' = -4 x1 / alpha and
  // x1(t) = delta cos(w t) with w^2 = 4 / (alpha m). The element is soft (alpha / dt^2 is 90
  // times sum c^2 w at 1 substep, 23,000 times at 16), so its XPBD step each substep is its
  // force's, and the frequency does not depend on the substeps.
  const double w = 2.0 * std::numbers::pi;  // 1 Hz
  const float alpha = static_cast<float>(4.0 / (w * w));
  const float delta = 0.1f;
  for (uint32_t substeps : {1u, 4u, 5u, 16u}) {
    Model model;
    model.add_particle({-1.0f, 0.0f, 0.0f}, 0.0f);
    model.add_particle({0.0f, delta, 0.0f}, 1.0f);
    model.add_particle({1.0f, 0.0f, 0.0f}, 0.0f);
    model.bending.push_back({{0, 1, 2, 0}, {1.0f, -2.0f, 1.0f, 0.0f}, alpha});
    model.environment.gravity = glm::vec3(0.0f);
    model.solver.frame_dt = 1.0f / 60.0f;
    model.solver.substeps = substeps;
    CpuSolver<double> solver(model);
    for (int frame = 0; frame < 6; ++frame)
      solver.step_frame();
    const double dt = solver.params().dt;
    const double t = 6.0 * dt * substeps;
    // A position step evaluates the force where the node is predicted to be, which is first
    // order in the substep: within delta w dt / 2 (measured: about half that). A compliance
    // off by a factor of two already misses it at every substep count.
    EXPECT_NEAR(solver.state().positions[1].y, delta * std::cos(w * t), delta * w * dt / 2.0)
        << substeps << " substeps";
  }
}

}  // namespace
}  // namespace weft
