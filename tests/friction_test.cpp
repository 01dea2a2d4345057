// Coulomb friction of the colliders' contacts, on the CPU reference (gpu_pass_test and
// gpu_trajectory_test run the same pass on the GPU with both coefficients set): a particle on a
// plane tilted below its friction angle stays put; above it, it slides with the acceleration of
// a block on an incline, g (sin theta - mu_k cos theta). A collider or sphere with coefficients
// of its own uses them instead of the environment's; so does a particle whose material has its
// own, and where both have their own, the contact uses the geometric mean of each pair.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "sim/core/cpu_solver.h"
#include "sim/model/model.h"

namespace weft::test {
namespace {

constexpr double kGravity = 9.81;
constexpr double kPi = 3.14159265358979;

struct Slide {
  double distance = 0.0;   // m along the slope, downhill
  double off_plane = 0.0;  // m from the plane at the end
};

// A particle let go at rest on a plane through the origin tilted `degrees` about z (local +y
// turned to (sin, cos, 0), so downhill is (cos, -sin, 0)), for `seconds`.
// `own`: the plane's own coefficients, over the environment's (static_mu, kinetic_mu);
// `material`: the particle's material's, which makes it a contact group of its own.
Slide slide_on_incline(double degrees, float static_mu, float kinetic_mu, double seconds,
                       std::optional<ContactFriction> own = std::nullopt,
                       std::optional<ContactFriction> material = std::nullopt) {
  const double theta = degrees * kPi / 180.0;
  const glm::dvec3 normal(std::sin(theta), std::cos(theta), 0.0);
  const glm::dvec3 downhill(std::cos(theta), -std::sin(theta), 0.0);
  Model model;
  // A contact group keeps its particle half its thickness off the plane: it starts there.
  const float thickness = 1e-4f;
  const float reach = material ? 0.5f * thickness : 0.0f;
  model.add_particle(glm::vec3(normal) * reach, 1.0f);
  if (material) {
    model.contact_groups.push_back({0, 1, thickness});
    model.surface_frictions.push_back({0, 1, *material});
  }
  model.environment.gravity = {0.0f, -float(kGravity), 0.0f};
  model.environment.static_friction = static_mu;
  model.environment.kinetic_friction = kinetic_mu;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 16;
  Collider plane;
  plane.shape = ColliderShape::plane;
  plane.pose.rotation = glm::angleAxis(-float(theta), glm::vec3(0.0f, 0.0f, 1.0f));
  plane.friction = own;
  model.environment.colliders.push_back(plane);
  CpuSolver<double> solver(model);
  const int frames = int(std::lround(seconds * 60.0));
  for (int f = 0; f < frames; ++f)
    solver.step_frame();
  const glm::dvec3 x(solver.state().positions[0]);
  return {glm::dot(x, downhill), std::abs(glm::dot(x, normal) - reach)};
}

TEST(Friction, HoldsBelowTheFrictionAngle) {
  // mu_s = 0.5: the friction angle is atan(0.5) = 26.6 degrees.
  for (double degrees : {10.0, 20.0, 26.0}) {
    const Slide s = slide_on_incline(degrees, 0.5f, 0.3f, 2.0);
    EXPECT_LT(std::abs(s.distance), 1e-6) << degrees << " degrees";
    EXPECT_LT(s.off_plane, 1e-6) << degrees << " degrees";
  }
}

TEST(Friction, SlidesAboveItWithTheInclinesAcceleration) {
  // 2 s at a = g (sin theta - mu_k cos theta): s = a t^2 / 2. Verlet from rest adds half a
  // substep's step (N (N + 1) / 2 against N^2 / 2): 0.05% at 1920 substeps; 5% is the bound.
  for (double degrees : {30.0, 45.0}) {
    const double theta = degrees * kPi / 180.0;
    const double a = kGravity * (std::sin(theta) - 0.3 * std::cos(theta));
    const Slide s = slide_on_incline(degrees, 0.5f, 0.3f, 2.0);
    EXPECT_NEAR(s.distance, 0.5 * a * 4.0, 0.05 * 0.5 * a * 4.0) << degrees << " degrees";
    EXPECT_LT(s.off_plane, 1e-6) << degrees << " degrees";
  }
  // Without friction it slides at g sin theta.
  const Slide free = slide_on_incline(30.0, 0.0f, 0.0f, 2.0);
  EXPECT_NEAR(free.distance, 0.5 * kGravity * 0.5 * 4.0, 0.05 * 0.5 * kGravity * 0.5 * 4.0);
}

TEST(Friction, AColliderWithItsOwnCoefficientsUsesThem) {
  // A slippery environment (mu 0.1) and a plane of its own mu_s = 0.5 at 20 degrees: it holds.
  const Slide held = slide_on_incline(20.0, 0.1f, 0.1f, 2.0, ContactFriction{0.5f, 0.3f});
  EXPECT_LT(std::abs(held.distance), 1e-6);
  // A rough environment (mu 0.9) and a frictionless plane at 30 degrees: g sin theta.
  const Slide slid = slide_on_incline(30.0, 0.9f, 0.9f, 2.0, ContactFriction{0.0f, 0.0f});
  EXPECT_NEAR(slid.distance, 0.5 * kGravity * 0.5 * 4.0, 0.05 * 0.5 * kGravity * 0.5 * 4.0);
  // Its kinetic coefficient, not the environment's, above its friction angle.
  const double theta = 45.0 * kPi / 180.0;
  const double a = kGravity * (std::sin(theta) - 0.3 * std::cos(theta));
  const Slide kinetic = slide_on_incline(45.0, 0.9f, 0.9f, 2.0, ContactFriction{0.5f, 0.3f});
  EXPECT_NEAR(kinetic.distance, 0.5 * a * 4.0, 0.05 * 0.5 * a * 4.0);
}

TEST(Friction, AMaterialWithItsOwnCoefficientsUsesThem) {
  // A slippery environment (mu 0.1), a plane with none of its own and a material of mu_s 0.5 at
  // 20 degrees: it holds.
  const Slide held =
      slide_on_incline(20.0, 0.1f, 0.1f, 2.0, std::nullopt, ContactFriction{0.5f, 0.3f});
  EXPECT_LT(std::abs(held.distance), 1e-6);
  EXPECT_LT(held.off_plane, 1e-6);
  // Without the material's it slides (atan 0.1 = 5.7 degrees): the hold above is the material's.
  EXPECT_GT(slide_on_incline(20.0, 0.1f, 0.1f, 2.0).distance, 1.0);
}

TEST(Friction, AMaterialAndAColliderWithTheirOwnMixAsTheGeometricMean) {
  // A frictionless material on a plane of its own 0.9 at 30 degrees: sqrt(0 * 0.9) = 0, so it
  // slides at g sin theta.
  const Slide free = slide_on_incline(30.0, 0.9f, 0.9f, 2.0, ContactFriction{0.9f, 0.9f},
                                      ContactFriction{0.0f, 0.0f});
  EXPECT_NEAR(free.distance, 0.5 * kGravity * 0.5 * 4.0, 0.05 * 0.5 * kGravity * 0.5 * 4.0);
  // Material (0.5, 0.4) on a plane of (0.2, 0.1) at 45 degrees: static sqrt(0.1) = 0.32 lets it
  // go (17.5 degrees), kinetic sqrt(0.04) = 0.2 slows it, in a rough environment (0.9).
  const double theta = 45.0 * kPi / 180.0;
  const double a = kGravity * (std::sin(theta) - 0.2 * std::cos(theta));
  const Slide mixed = slide_on_incline(45.0, 0.9f, 0.9f, 2.0, ContactFriction{0.2f, 0.1f},
                                       ContactFriction{0.5f, 0.4f});
  EXPECT_NEAR(mixed.distance, 0.5 * a * 4.0, 0.05 * 0.5 * a * 4.0);
  EXPECT_LT(mixed.off_plane, 1e-6);
}

}  // namespace
}  // namespace weft::test
