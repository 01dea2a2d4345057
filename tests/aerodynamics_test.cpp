// The air on triangles (sim/modules/aerodynamics.h) against the flat-plate formulas, and the
// gusts' noise (flag_flutter_test.cpp runs the flag that depends on both). Figures here are worked
// out by hand from F_drag = rho C_D A |u|^2 cos(theta) / 2 along the relative wind u and F_lift =
// rho C_L A |u|^2 cos(theta) sin(theta) / 2 across it, theta the angle between u and the triangle's
// normal.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <glm/geometric.hpp>

#include "sim/core/cpu_solver.h"
#include "sim/modules/aerodynamics.h"

namespace weft::test {
namespace {

constexpr double kDensity = 1.2;
constexpr double kDrag = 0.8;
constexpr double kLift = 0.5;
// N: the solver holds rho C / 2 and the positions in float (7 significant digits) even when it
// computes in double, and these forces are a few N.
constexpr double kTolerance = 1e-5;

// One free triangle of area 0.5 m^2 with corners a, b, c (its legs along the two edge vectors),
// no gravity, a wind, and the given coefficients.
Model triangle_model(const glm::vec3& a, const glm::vec3& edge1, const glm::vec3& edge2,
                     const glm::vec3& wind, float mass = 0.1f) {
  Model model;
  model.add_particle(a, 1.0f / mass);
  model.add_particle(a + edge1, 1.0f / mass);
  model.add_particle(a + edge2, 1.0f / mass);
  model.triangles.push_back({0, 1, 2});
  model.environment.gravity = glm::vec3(0.0f);
  model.environment.wind = wind;
  model.environment.air.density = float(kDensity);
  model.environment.air.drag_coefficient = float(kDrag);
  model.environment.air.lift_coefficient = float(kLift);
  model.solver.substeps = 1;
  model.solver.relaxation_sweeps = 0;
  return model;
}

// The force stage of one substep (the gather, then the air) from the model's rest state: the
// sum of the forces on the triangle's corners.
glm::dvec3 air_force(const Model& model, const glm::vec3& velocity = glm::vec3(0.0f)) {
  CpuSolver<double> solver(model);
  const double dt = 1.0 / 600.0;
  for (size_t i = 0; i < solver.state().positions.size(); ++i) {
    solver.state().previous[i] =
        solver.state().positions[i] - glm::dvec4(glm::dvec3(velocity) * dt, 0.0);
  }
  bool ran_air = false;
  for (const Step& step : solver.core().build_schedule(solver.core().full_shape(1))) {
    if (step.pass->name != std::string("force accumulation") &&
        step.pass->name != std::string("aerodynamics"))
      continue;
    solver.run_pass(step, float(dt));
    ran_air = ran_air || step.pass->name == std::string("aerodynamics");
  }
  EXPECT_TRUE(ran_air) << "the model should have the air on its triangle";
  glm::dvec3 sum(0.0);
  for (const glm::dvec4& f : solver.state().forces)
    sum += glm::dvec3(f);
  return sum;
}

void expect_near(const glm::dvec3& got, const glm::dvec3& expected, double tolerance) {
  EXPECT_NEAR(got.x, expected.x, tolerance);
  EXPECT_NEAR(got.y, expected.y, tolerance);
  EXPECT_NEAR(got.z, expected.z, tolerance);
}

TEST(Aerodynamics, ATriangleSquareToTheWindFeelsDragAlongItAndNoLift) {
  // Area 0.5 m^2 in the x-y plane, wind 5 m/s along z: F = rho C_D A |u|^2 / 2 = 6 N along z.
  const Model model = triangle_model({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 5});
  expect_near(air_force(model), {0.0, 0.0, 0.5 * kDensity * kDrag * 0.5 * 25.0}, kTolerance);
}

TEST(Aerodynamics, TheWindingOfATriangleDoesNotMatter) {
  const Model model = triangle_model({0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 5});
  expect_near(air_force(model), {0.0, 0.0, 0.5 * kDensity * kDrag * 0.5 * 25.0}, kTolerance);
}

TEST(Aerodynamics, ATriangleEdgeOnToTheWindFeelsNothing) {
  const Model model = triangle_model({0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {3, 0, 4});
  expect_near(air_force(model), glm::dvec3(0.0), kTolerance);
}

TEST(Aerodynamics, ATriangleAt45DegreesIsLiftedAcrossTheWind) {
  // Normal (0, 1, 1)/sqrt(2), wind 5 m/s along z: theta = 45 degrees. Drag: 6 N cos(45) along z;
  // lift: rho C_L A |u|^2 cos(45) sin(45) / 2 = 1.875 N along +y, away from the windward face.
  const float h = std::sqrt(0.5f);
  const Model model = triangle_model({0, 0, 0}, {1, 0, 0}, {0, h, -h}, {0, 0, 5});
  const double q = 0.5 * kDensity * 0.5 * 25.0;  // rho A |u|^2 / 2
  expect_near(air_force(model), {0.0, q * kLift * 0.5, q * kDrag * std::sqrt(0.5)}, kTolerance);
}

TEST(Aerodynamics, ATriangleMovingWithTheWindFeelsNothing) {
  const Model model = triangle_model({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 5});
  expect_near(air_force(model, {0, 0, 5}), glm::dvec3(0.0), kTolerance);
  // Moving against it doubles the relative wind: four times the force.
  expect_near(air_force(model, {0, 0, -5}), {0.0, 0.0, 4.0 * 0.5 * kDensity * kDrag * 0.5 * 25.0},
              kTolerance);
}

TEST(Aerodynamics, APinnedCornerTakesNoForceAndTheOthersTakeAThirdEach) {
  Model model = triangle_model({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 5});
  model.inverse_masses[0] = 0.0f;
  const double third = 0.5 * kDensity * kDrag * 0.5 * 25.0 / 3.0;
  expect_near(air_force(model), {0.0, 0.0, 2.0 * third}, kTolerance);
}

// The drag on a heavy triangle square to a gusty wind, frame by frame: the gusts make it vary
// smoothly within the wind's range, and two places a few scales apart feel different gusts.
TEST(Aerodynamics, GustsAreSmoothBoundedAndDifferInTimeAndSpace) {
  Model model = triangle_model({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 5}, 1e6f);
  const glm::vec3 far(7.0f, 3.0f, 2.0f);
  model.add_particle(far, 1e-6f);
  model.add_particle(far + glm::vec3(1, 0, 0), 1e-6f);
  model.add_particle(far + glm::vec3(0, 1, 0), 1e-6f);
  model.triangles.push_back({3, 4, 5});
  model.environment.air.lift_coefficient = 0.0f;
  model.environment.air.gusts = {{0.0f, 0.0f, 2.0f}, 0.5f, 2.0f};
  CpuSolver<double> solver(model);
  const double per_unit = 0.5 * kDensity * kDrag * 0.5;  // F = per_unit u_z^2
  auto drag_on = [&](uint32_t first) {
    double f = 0.0;
    for (uint32_t i = first; i < first + 3; ++i)
      f += solver.state().forces[i].z;
    return f;
  };
  double lowest = 1e30, highest = 0.0, steepest = 0.0, previous = -1.0, apart = 0.0;
  for (int frame = 0; frame < 1200; ++frame) {  // 20 s
    solver.step_frame();
    const double here = drag_on(0);
    lowest = std::min(lowest, here);
    highest = std::max(highest, here);
    if (previous >= 0.0) steepest = std::max(steepest, std::abs(here - previous));
    previous = here;
    apart = std::max(apart, std::abs(here - drag_on(3)));
  }
  // u_z stays within 5 +- 2 m/s (each axis adds two waves of half the amplitude).
  EXPECT_GE(lowest, per_unit * 3.0 * 3.0 * (1.0 - 1e-6));
  EXPECT_LE(highest, per_unit * 7.0 * 7.0 * (1.0 + 1e-6));
  // Gusts, not a steady wind: the drag swings over at least a third of that range.
  EXPECT_GT(highest - lowest, per_unit * (49.0 - 9.0) / 3.0);
  // Smooth: in 1/60 s u_z changes by at most 2 m/s * 2 pi * 0.5 Hz * 1.62 / 60 = 0.17 m/s, so
  // the drag by at most per_unit * 2 * 7 * 0.17.
  EXPECT_LT(steepest, per_unit * 2.0 * 7.0 * 0.17);
  EXPECT_GT(apart, per_unit * 5.0) << "two places far apart felt the same gusts";
}

}  // namespace
}  // namespace weft::test
