// What a run reports of stretch (sim/model/strain_report.h): the most stretched structural link of
// a grid, the mean over all of them, and the pin nearest that link, from positions set by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/model/cloth_grid.h"
#include "sim/model/model.h"
#include "sim/model/strain_report.h"

namespace weft::test {
namespace {

// A 4 x 3 grid of 1 m cells in the xz plane, listed or not, pinned where asked.
Model grid_model(std::vector<uint32_t> pinned) {
  ClothGridDesc cloth;
  cloth.columns = 4;
  cloth.rows = 3;
  cloth.width_axis = {3.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 2.0f};
  cloth.particle_mass = 0.1f;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  cloth.pinned = std::move(pinned);
  Model model;
  add_cloth_grid(model, cloth);
  return model;
}

TEST(StrainReport, FindsTheMostStretchedLinkAndThePinNearestIt) {
  const Model model = grid_model({0, 3});
  std::vector<glm::vec3> positions = model.positions;
  // Node 10 (row 2, column 2) moves 0.5 m along +x: the link 10-11 shortens to 0.5 m (-50%),
  // the link 9-10 stretches to 1.5 m (+50%), and the link 6-10 tilts to sqrt(1.25) m (+11.8%).
  positions[10].x += 0.5f;
  const StrainReport report = measure_strain(model, positions);
  EXPECT_EQ(report.links, 17u);  // 3 x 3 along rows, 4 x 2 along columns
  EXPECT_NEAR(report.max, 0.5, 1e-6);
  EXPECT_EQ(report.a, 9u);
  EXPECT_EQ(report.b, 10u);
  EXPECT_NEAR(report.mean, (0.5 - 0.5 + (std::sqrt(1.25) - 1.0)) / 17.0, 1e-6);
  // The link's middle is at (1.75, 0, 2): pin 3 at (3, 0, 0) is sqrt(1.5625 + 4) m away, pin 0 at
  // the origin sqrt(3.0625 + 4).
  ASSERT_TRUE(report.nearest_pin.has_value());
  EXPECT_EQ(*report.nearest_pin, 3u);
  EXPECT_NEAR(report.pin_distance, std::sqrt(1.5625 + 4.0), 1e-6);
}

TEST(StrainReport, NamesNoPinWhenNothingIsPinned) {
  const Model model = grid_model({});
  const StrainReport report = measure_strain(model, model.positions);
  EXPECT_EQ(report.max, 0.0);
  EXPECT_FALSE(report.nearest_pin.has_value());
}

}  // namespace
}  // namespace weft::test
