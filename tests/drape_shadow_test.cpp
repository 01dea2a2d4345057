// The drape coefficient's geometry (sim/model/drape_shadow.h) against areas known exactly: a flat
// specimen (coefficient 1), one whose ring hangs straight down around the support (its shadow is
// the support's: coefficient 0), a tilted triangle, a square folded onto itself (its layers
// count once), and a specimen too large for the finest cells.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include <glm/geometric.hpp>

#include "sim/model/drape_shadow.h"
#include "sim/model/surface_area.h"

namespace weft {
namespace {

constexpr double kPi = std::numbers::pi;

// A flat square of `side` m centred on the origin at y = 0, `nodes` x `nodes`, two triangles per
// cell: the specimen laid flat.
struct Sheet {
  std::vector<glm::vec3> positions;
  std::vector<glm::uvec3> triangles;
};

Sheet flat_square(double side, uint32_t nodes) {
  Sheet sheet;
  for (uint32_t r = 0; r < nodes; ++r) {
    for (uint32_t c = 0; c < nodes; ++c) {
      sheet.positions.emplace_back(side * (double(c) / (nodes - 1) - 0.5), 0.0,
                                   side * (double(r) / (nodes - 1) - 0.5));
    }
  }
  for (uint32_t r = 0; r + 1 < nodes; ++r) {
    for (uint32_t c = 0; c + 1 < nodes; ++c) {
      const uint32_t n = r * nodes + c;
      sheet.triangles.push_back({n, n + 1, n + nodes + 1});
      sheet.triangles.push_back({n, n + nodes + 1, n + nodes});
    }
  }
  return sheet;
}

const DrapeSupport kSupport{{0.0, 0.0}, 0.09};  // the 18 cm disc of the standard

TEST(DrapeShadow, AFlatSpecimenHasACoefficientOfOne) {
  const Sheet sheet = flat_square(0.3, 41);
  const DrapeMeasurement m =
      measure_drape(sheet.positions, sheet.positions, sheet.triangles, kSupport);
  EXPECT_NEAR(m.specimen_area, 0.09, 1e-7);  // its corners are floats
  EXPECT_NEAR(m.support_area, kPi * 0.09 * 0.09, 1e-12);
  // Its edges lie on the cells' edges, so the count is exact but for float rounding.
  EXPECT_NEAR(m.shadow_area, 0.09, 1e-9);
  EXPECT_NEAR(m.coefficient, 1.0, 1e-6);
  EXPECT_EQ(m.cell_size, kDrapeCellSize);
}

// Every node beyond the support's edge hangs straight down the side of a cylinder standing on
// the disc: seen from above, the specimen covers the disc and nothing else.
TEST(DrapeShadow, ASpecimenHangingStraightDownCastsOnlyTheSupportsShadow) {
  Sheet sheet = flat_square(0.3, 61);
  const Sheet flat = sheet;
  const float r = float(kSupport.radius);
  for (glm::vec3& p : sheet.positions) {
    const float d = std::hypot(p.x, p.z);
    if (d > r) p = glm::vec3(p.x * r / d, -(d - r), p.z * r / d);
  }
  const DrapeMeasurement m =
      measure_drape(sheet.positions, flat.positions, sheet.triangles, kSupport);
  EXPECT_NEAR(m.specimen_area, 0.09, 1e-7);  // its corners are floats
  // The disc counted on 0.5 mm cells: its area within a few cells along its rim.
  EXPECT_NEAR(m.shadow_area, m.support_area, 2e-6);
  EXPECT_NEAR(m.coefficient, 0.0, 1e-4);
}

// A triangle tilted out of the horizontal casts its projection: here legs of 0.1 m along x and
// 0.08 m along z, 0.004 m^2, beside a support of radius 1 cm well away from it.
TEST(DrapeShadow, ATiltedTriangleCastsItsProjection) {
  const std::vector<glm::vec3> corners = {
      {0.0f, 0.0f, 0.0f}, {0.1f, 0.02f, 0.0f}, {0.0f, 0.05f, 0.08f}};
  const std::vector<glm::uvec3> triangle = {{0, 1, 2}};
  const DrapeSupport apart{{0.5, 0.5}, 0.01};
  const double expected = 0.004 + kPi * 1e-4;
  EXPECT_NEAR(shadow_area(corners, triangle, apart), expected, 0.002 * expected);
  // Its own area is larger than its shadow: 0.5 |(0.1, 0.02, 0) x (0, 0.05, 0.08)|.
  const double own = 0.5 * std::sqrt(0.0016 * 0.0016 + 0.008 * 0.008 + 0.005 * 0.005);
  EXPECT_NEAR(surface_area(corners, triangle), own, 1e-9);
  // Wound the other way, it casts the same shadow.
  const std::vector<glm::uvec3> reversed = {{0, 2, 1}};
  EXPECT_EQ(shadow_area(corners, reversed, apart), shadow_area(corners, triangle, apart));
}

// A square folded in half along x = 0, its right half laid over its left 1 cm higher: two
// layers over the left half, counted once, and the right half of the disc bare.
TEST(DrapeShadow, LayersOfAFoldCountOnce) {
  Sheet sheet = flat_square(0.3, 41);
  const Sheet flat = sheet;
  for (glm::vec3& p : sheet.positions) {
    if (p.x > 0.0f) p = glm::vec3(-p.x, 0.01f, p.z);
  }
  const DrapeMeasurement m =
      measure_drape(sheet.positions, flat.positions, sheet.triangles, kSupport);
  const double shadow = 0.045 + m.support_area / 2.0;
  EXPECT_NEAR(m.shadow_area, shadow, 2e-6);
  EXPECT_NEAR(m.coefficient, (shadow - m.support_area) / (0.09 - m.support_area), 1e-4);
}

// A 10 m specimen would need 20,000 cells a side at 0.5 mm: it is counted on coarser cells, as
// accurately for its size.
TEST(DrapeShadow, ALargeSpecimenIsCountedOnCoarserCells) {
  const Sheet sheet = flat_square(10.0, 11);
  const DrapeSupport disc{{0.0, 0.0}, 1.0};
  double cell = 0.0;
  const double area = shadow_area(sheet.positions, sheet.triangles, disc, kDrapeCellSize, &cell);
  EXPECT_NEAR(cell, 10.0 / kMaxDrapeCellsPerSide, 1e-9);
  EXPECT_NEAR(area, 100.0, 0.01);
}

// A blown-up run's NaN corner casts no shadow, rather than an undefined count.
TEST(DrapeShadow, ANonFiniteCornerCastsNoShadow) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<glm::vec3> corners = {
      {0.0f, 0.0f, 0.0f}, {nan, 0.0f, 0.0f}, {0.0f, 0.0f, 1.0f}};
  const std::vector<glm::uvec3> triangle = {{0, 1, 2}};
  const DrapeSupport disc{{0.0, 0.0}, 0.1};
  EXPECT_NEAR(shadow_area(corners, triangle, disc), kPi * 0.01, 1e-4);
}

}  // namespace
}  // namespace weft
