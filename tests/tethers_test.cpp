// The tethers' projection on the CPU reference (sim/modules/tethers.h), worked by hand on a 3 x 3
// cloth hung from its two top corners: a node beyond one tether goes onto its sphere; a node
// beyond both goes to the nearest point within reach of both, on the circle where the two
// spheres meet; pins further apart than the two tethers reach leave it halfway across the gap.
// And two pins share a node's slack, so that the edge between them may sag only as a parabola.
// gpu_pass_test compares the shader with this on jittered cloths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/core/cpu_solver.h"
#include "sim/model/model.h"
#include "sim/modules/strain_limits.h"
#include "sim/modules/tethers.h"
#include "tests/support/presets.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

constexpr uint32_t kLeftPin = 0;   // node (0, 0) at (-1, 0, 0)
constexpr uint32_t kRightPin = 2;  // node (2, 0) at (1, 0, 0)
constexpr uint32_t kBottom = 7;    // node (1, 2) at (0, -2, 0): sqrt(5) m from either pin
constexpr float kScale = 1.003f;   // cotton's tethers

// 2 m x 2 m in the plane z = 0, hanging down from its top row.
Model corner_hung_square() {
  Model model;
  ClothGridDesc cloth;
  cloth.origin = {-1.0f, 0.0f, 0.0f};
  cloth.width_axis = {2.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -2.0f, 0.0f};
  cloth.columns = 3;
  cloth.rows = 3;
  cloth.pinned = {kLeftPin, kRightPin};
  const uint32_t first = add_cloth_grid(model, cloth);
  model.tether_groups.push_back({first, 9, kScale, kScale * kScale});
  return model;
}

// Where the tethers put the bottom node from `at`, with the right pin at `right_pin`.
glm::dvec3 tethered(const glm::dvec3& at, const glm::dvec3& right_pin = {1.0, 0.0, 0.0}) {
  CpuSolver<double> solver(corner_hung_square());
  solver.state().positions[kBottom] = glm::dvec4(at, solver.state().positions[kBottom].w);
  solver.state().positions[kRightPin] = glm::dvec4(right_pin, 0.0);
  for (const Step& step : solver.core().build_schedule(solver.core().full_shape(1))) {
    if (step.module == solver.core().find<Tethers>()->index) solver.run_pass(step, 1.0f / 60.0f);
  }
  return glm::dvec3(solver.state().positions[kBottom]);
}

// Each tether's length, m: the bottom node is as far from either pin (a = b = sqrt(5)), which
// are 2 m apart, so it sees them at an angle whose cosine is (5 + 5 - 4) / 10 = 0.6, (1 - 0.6) / 2
// = 0.2 of the way to lying between them; each tether keeps 1 - 0.2 * a / (a + b) = 0.9 of the
// scale's allowance (share_slack in sim/modules/tethers.cpp).
const double kReach = std::sqrt(5.0) * (1.0 + 0.9 * (double(kScale) - 1.0));
// The tethers keep their lengths in float: within 2.4e-7 m (one ULP at 2.24 m) of kReach, which
// moves the answers by about as much.
constexpr double kTolerance = 1e-6;  // m

TEST(Tethers, BothPinsHoldTheBottomNode) {
  const Model model = corner_hung_square();
  CpuSolver<double> solver(model);
  const gpu::Tether& tether = solver.core().find<Tethers>()->tethers()[kBottom];
  EXPECT_EQ(std::min(tether.pin0, tether.pin1), kLeftPin);
  EXPECT_EQ(std::max(tether.pin0, tether.pin1), kRightPin);
  EXPECT_NEAR(tether.max_length0, kReach, kTolerance);
  EXPECT_NEAR(tether.max_length1, kReach, kTolerance);
}

TEST(Tethers, ANodeBeyondOneGoesOntoItsSphere) {
  // 4 m from the right pin, 2.06 m from the left one: the right tether alone pulls it in, to a
  // point well within the left one's reach.
  const glm::dvec3 at(-3.0, -0.5, 0.0);
  const glm::dvec3 right(1.0, 0.0, 0.0);
  const glm::dvec3 expected = right + (at - right) * (kReach / glm::length(at - right));
  const glm::dvec3 x = tethered(at);
  EXPECT_NEAR(glm::distance(x, expected), 0.0, kTolerance);
}

TEST(Tethers, ANodeBeyondBothGoesToTheNearestPointWithinBoth) {
  // Below the middle and off the cloth's plane: both spheres meet in the circle of radius
  // sqrt(reach^2 - 1) around the origin in the plane x = 0; the nearest point of it lies the
  // same way from the origin as the node does. Pulled onto one sphere and then the other, the
  // node would end up beyond the first, nearer the second pin.
  const glm::dvec3 at(0.0, -3.0, 0.5);
  const glm::dvec3 expected = std::sqrt(kReach * kReach - 1.0) * glm::normalize(at);
  const glm::dvec3 x = tethered(at);
  EXPECT_NEAR(glm::distance(x, expected), 0.0, kTolerance);
  EXPECT_LE(glm::distance(x, glm::dvec3(-1.0, 0.0, 0.0)), kReach + kTolerance);
  EXPECT_LE(glm::distance(x, glm::dvec3(1.0, 0.0, 0.0)), kReach + kTolerance);
  // Off the middle, the nearest point of the circle still lies straight across the pins' axis
  // from the node: its x is the circle's.
  const glm::dvec3 aside = tethered(glm::dvec3(0.3, -3.0, 0.0));
  EXPECT_NEAR(aside.x, 0.0, kTolerance);
  EXPECT_NEAR(aside.y, -std::sqrt(kReach * kReach - 1.0), kTolerance);
}

TEST(Tethers, PinsBeyondBothReachesLeaveTheNodeHalfwayAcrossTheGap) {
  // The right pin moved to x = 5: the left sphere ends at -1 + reach, the right one starts at
  // 5 - reach, and the node waits on the axis halfway between, each tether short by as much.
  const glm::dvec3 x = tethered(glm::dvec3(0.0, -3.0, 0.0), glm::dvec3(5.0, 0.0, 0.0));
  EXPECT_NEAR(x.x, 2.0, kTolerance);
  EXPECT_NEAR(x.y, 0.0, kTolerance);
  EXPECT_NEAR(x.z, 0.0, kTolerance);
}

// scenes/corner_hung_cloth.toml at 24 x 24 on one path: cotton, whose grid has strain limits.
Model corner_hung_cotton(SolverVariant variant) {
  Model model =
      parse_scene_text(preset_text("corner_hung_cloth",
                                   {{"columns = 64\nrows = 64", "columns = 24\nrows = 24"}}))
          .systems.at(0)
          .model;
  model.solver.variant = variant;
  return model;
}

// The module steps of one substep, in order: 't' a tethers relaxation, 'l' a strain-limit pass.
std::string tethers_and_limits(const SolverCore& core) {
  std::string order;
  for (const Step& step : core.build_schedule(core.full_shape(1))) {
    if (step.module == core.find<Tethers>()->index) order += 't';
    if (step.module == core.find<StrainLimits>()->index) order += 'l';
  }
  return order;
}

// The strain limits move each node by the mean of its pairs' pulls; the tethers run once, before
// them, on both paths: their reach is within the limits' own (each tether's allowance is at most
// the scale's), so what the limits leave needs no second pass.
TEST(Tethers, BothPathsRelaxThemOnceBeforeTheStrainLimits) {
  EXPECT_EQ(tethers_and_limits(SolverCore(corner_hung_cotton(SolverVariant::general))), "tll");
  EXPECT_EQ(tethers_and_limits(SolverCore(corner_hung_cotton(SolverVariant::grid))), "tll");
}

// A node of the top edge with both tethers taut lies on the circle where their spheres meet.
// With the slack shared by the other tether's share of the rest distances, that circle's radius
// along an edge of width W is 2 sqrt(e) a b / W at rest distances a and b from the pins
// (e = scale - 1): a parabola, whose slope at a pin is 2 sqrt(e) and so stretches the edge by
// 2 e at most. With the whole slack on both it would be sqrt(2 e a b), steepest beside the pins.
TEST(Tethers, TwoPinsShareTheSlackSoTheEdgeBetweenThemSagsAsAParabola) {
  const Model model = corner_hung_cotton(SolverVariant::general);
  CpuSolver<double> solver(model);
  const std::vector<gpu::Tether>& tethers = solver.core().find<Tethers>()->tethers();
  const GridLayout& grid = model.grids.at(0);
  const double e = double(model.tether_groups.at(0).scale) - 1.0;
  const auto& x = solver.state().positions;
  const glm::dvec3 left(x[grid.first_particle]);
  const glm::dvec3 right(x[grid.first_particle + grid.columns - 1]);
  const double width = glm::distance(left, right);
  uint32_t held_by_both = 0;
  for (uint32_t column = 1; column + 1 < grid.columns; ++column) {
    const uint32_t i = grid.first_particle + column;
    const gpu::Tether& t = tethers[i];
    ASSERT_NE(t.pin1, WEFT_TETHER_NONE) << "column " << column;
    const bool left_first = t.pin0 == grid.first_particle;
    const double r0 = left_first ? t.max_length0 : t.max_length1;  // from the left pin
    const double r1 = left_first ? t.max_length1 : t.max_length0;  // from the right pin
    const double a = glm::distance(glm::dvec3(x[i]), left);
    const double b = width - a;
    const double along = (width * width + r0 * r0 - r1 * r1) / (2.0 * width);
    const double radius = std::sqrt(r0 * r0 - along * along);
    // The radius to first order in e: the second-order terms are e^2 of it, and the reaches are
    // floats (1e-7 of 2 m moves a radius of 1 cm by 2e-5 m), so 2% holds with room.
    EXPECT_NEAR(radius, 2.0 * std::sqrt(e) * a * b / width, 0.02 * radius) << "column " << column;
    // And never more than the whole slack on one tether allowed: each allowance within e.
    EXPECT_LE(r0, a * (1.0 + e) + 1e-6);
    EXPECT_LE(r1, b * (1.0 + e) + 1e-6);
    ++held_by_both;
  }
  EXPECT_EQ(held_by_both, grid.columns - 2);
}

}  // namespace
}  // namespace weft::test
