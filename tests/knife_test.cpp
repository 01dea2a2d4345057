// The viewer's knife (app/viewer/knife_stroke.h): a stroke on the screen cuts exactly the
// structural and shear links whose projected segments it crosses, of cloths that can tear, and
// nothing else.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <utility>

#include "app/render/camera.h"
#include "app/viewer/knife_stroke.h"

namespace weft::test {
namespace {

// A flat grid of columns x rows nodes 1 m apart in the z = 0 plane, node (c, r) at (c, r, 0).
struct FlatGrid {
  GridLayout layout;
  std::vector<glm::vec4> positions;
};

FlatGrid flat_grid(uint32_t columns, uint32_t rows, float break_strain, uint32_t first = 0) {
  FlatGrid grid;
  grid.layout.first_particle = first;
  grid.layout.columns = columns;
  grid.layout.rows = rows;
  grid.layout.structural.kind = LinkKind::constraint;
  grid.layout.shear.kind = LinkKind::constraint;
  grid.layout.bend.kind = LinkKind::none;
  grid.layout.break_strain = break_strain;
  grid.positions.assign(first, glm::vec4(0.0f));  // particles of other objects before it
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < columns; ++c)
      grid.positions.emplace_back(float(c), float(r), 0.0f, 1.0f);
  }
  return grid;
}

// A camera that puts world (x, y) at pixel (50 + 100 x, 50 + 100 y) of a 600 x 500 viewport.
const glm::vec2 kViewport(600.0f, 500.0f);
glm::mat4 flat_view() {
  glm::mat4 m(1.0f);
  m[0][0] = 200.0f / kViewport.x;
  m[3][0] = 100.0f / kViewport.x - 1.0f;
  m[1][1] = 200.0f / kViewport.y;
  m[3][1] = 100.0f / kViewport.y - 1.0f;
  return m;
}
glm::vec2 pixel(float x, float y) {
  return {50.0f + 100.0f * x, 50.0f + 100.0f * y};
}

using Cuts = std::set<std::pair<uint32_t, uint32_t>>;  // (particle, direction)
Cuts as_set(const std::vector<LinkCut>& cuts) {
  Cuts set;
  for (const LinkCut& cut : cuts)
    set.emplace(cut.particle, cut.direction);
  EXPECT_EQ(set.size(), cuts.size()) << "a link was cut twice";
  return set;
}

TEST(Knife, AStrokeAcrossAGridCutsExactlyTheLinksItCrosses) {
  const FlatGrid grid = flat_grid(5, 4, 0.02f);
  // Down between columns 1 and 2, across every row: each row's link from column 1 to 2, and
  // both diagonals between those columns in every band of rows; no link along a column.
  const std::vector<LinkCut> cuts = links_crossed({grid.layout}, grid.positions, {}, flat_view(),
                                                  kViewport, {pixel(1.5f, -1), pixel(1.5f, 4)});
  Cuts expected;
  for (uint32_t r = 0; r < 4; ++r)
    expected.emplace(r * 5 + 1, 0u);  // (1, r) -> (2, r)
  for (uint32_t r = 0; r < 3; ++r) {
    expected.emplace(r * 5 + 1, 4u);  // (1, r) -> (2, r + 1)
    expected.emplace(r * 5 + 2, 6u);  // (2, r) -> (1, r + 1)
  }
  EXPECT_EQ(as_set(cuts), expected);
  EXPECT_TRUE(std::is_sorted(cuts.begin(), cuts.end(), [](const LinkCut& a, const LinkCut& b) {
    return a.particle < b.particle;
  }));
}

TEST(Knife, AStrokeThatStopsHalfWayCutsOnlyWhatItReached) {
  const FlatGrid grid = flat_grid(5, 4, 0.02f);
  // From above the grid to a quarter of the way into the second band of rows: the links of rows
  // 0 and 1 and the diagonals of the first band; the second band's cross x = 1.5 at y = 1.5.
  const Cuts cuts = as_set(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport,
                                         {pixel(1.5f, -0.5f), pixel(1.5f, 1.25f)}));
  EXPECT_EQ(cuts, (Cuts{{1, 0}, {6, 0}, {1, 4}, {2, 6}}));
  // Ending right on the link of row 1 leaves it whole: a touch is not a cut.
  EXPECT_EQ(as_set(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport,
                                 {pixel(1.5f, -0.5f), pixel(1.5f, 1.0f)})),
            (Cuts{{1, 0}, {1, 4}, {2, 6}}));
}

TEST(Knife, APolylineCutsWhatAnyOfItsSegmentsCrossesOnce) {
  const FlatGrid grid = flat_grid(5, 4, 0.02f);
  const std::vector<glm::vec2> down = {pixel(1.5f, -1), pixel(1.5f, 4)};
  const std::vector<glm::vec2> across = {pixel(-1, 2.5f), pixel(5, 2.5f)};
  const std::vector<glm::vec2> both = {pixel(1.5f, -1), pixel(1.5f, 2.5f), pixel(-1, 2.5f),
                                       pixel(5, 2.5f)};
  // The vertical part stops at y = 2.5 and the horizontal part returns over it: their union.
  Cuts expected = as_set(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport,
                                       {pixel(1.5f, -1), pixel(1.5f, 2.5f)}));
  const Cuts horizontal =
      as_set(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport, across));
  EXPECT_EQ(horizontal.size(), 5u + 4u + 4u);  // five column links, both diagonals of 4 cells
  expected.insert(horizontal.begin(), horizontal.end());
  EXPECT_EQ(as_set(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport, both)),
            expected);
  EXPECT_EQ(
      as_set(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport, down)).size(),
      10u);
}

TEST(Knife, AStrokeOffTheClothOrTooShortCutsNothing) {
  const FlatGrid grid = flat_grid(5, 4, 0.02f);
  EXPECT_TRUE(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport,
                            {pixel(5.5f, -1), pixel(5.5f, 4)})
                  .empty());
  // Inside one cell without reaching its edges or diagonals.
  EXPECT_TRUE(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport,
                            {pixel(1.2f, 0.5f), pixel(1.4f, 0.5f)})
                  .empty());
  EXPECT_TRUE(
      links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport, {pixel(1.5f, 1)})
          .empty());
  EXPECT_TRUE(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport, {}).empty());
}

TEST(Knife, AClothWithoutBreakStrainYieldsNothing) {
  const FlatGrid grid = flat_grid(5, 4, 0.0f);
  EXPECT_FALSE(any_tearable({grid.layout}));
  EXPECT_TRUE(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport,
                            {pixel(1.5f, -1), pixel(1.5f, 4)})
                  .empty());
}

TEST(Knife, OnlyTheGridsThatTearAreCutAtTheirOwnParticles) {
  // Two grids side by side in one model: the first cannot tear, the second (particles 20..39,
  // 6 m to the right) can. A stroke across both cuts the second only.
  FlatGrid rigid = flat_grid(5, 4, 0.0f);
  FlatGrid paper = flat_grid(5, 4, 0.02f, 20);
  for (uint32_t i = 20; i < 40; ++i)
    paper.positions[i].x += 6.0f;
  std::vector<glm::vec4> positions = rigid.positions;
  positions.insert(positions.end(), paper.positions.begin() + 20, paper.positions.end());
  EXPECT_TRUE(any_tearable({rigid.layout, paper.layout}));
  const Cuts cuts = as_set(links_crossed({rigid.layout, paper.layout}, positions, {}, flat_view(),
                                         kViewport, {pixel(-1, 0.5f), pixel(12, 0.5f)}));
  // Row 0 to row 1 of the second grid: five column links and both diagonals of four cells.
  ASSERT_EQ(cuts.size(), 13u);
  for (const auto& [particle, direction] : cuts) {
    EXPECT_GE(particle, 20u);
    EXPECT_LT(particle, 25u);
    EXPECT_TRUE(direction == 2 || direction == 4 || direction == 6) << direction;
  }
}

TEST(Knife, LinksAlreadyTornAndGridsWithoutShearAreLeftOut) {
  FlatGrid grid = flat_grid(5, 4, 0.02f);
  std::vector<uint32_t> link_state(grid.positions.size(), 0u);
  link_state[1] = 1u << 0;  // (1, 0) -> (2, 0) torn
  link_state[2] = 1u << 1;  // its other end
  const std::vector<glm::vec2> down = {pixel(1.5f, -1), pixel(1.5f, 4)};
  Cuts cuts = as_set(
      links_crossed({grid.layout}, grid.positions, link_state, flat_view(), kViewport, down));
  EXPECT_EQ(cuts.size(), 9u);
  EXPECT_EQ(cuts.count({1, 0}), 0u);
  grid.layout.shear.kind = LinkKind::none;
  cuts = as_set(links_crossed({grid.layout}, grid.positions, {}, flat_view(), kViewport, down));
  EXPECT_EQ(cuts, (Cuts{{1, 0}, {6, 0}, {11, 0}, {16, 0}}));
}

TEST(Knife, ThroughTheViewersCameraAndNotBehindIt) {
  FlatGrid grid = flat_grid(9, 9, 0.02f);
  OrbitCamera camera;
  camera.frame({0.0f, 0.0f, 0.0f}, {8.0f, 8.0f, 0.0f}, kViewport.x / kViewport.y);
  const glm::mat4 view_projection = camera.view_projection(kViewport);
  // A stroke from the projection of (3.5, -1) to that of (3.5, 9): some links of column 3 to 4.
  const glm::vec2 top(camera.project({3.5f, -1.0f, 0.0f}, kViewport));
  const glm::vec2 bottom(camera.project({3.5f, 9.0f, 0.0f}, kViewport));
  const Cuts cuts = as_set(
      links_crossed({grid.layout}, grid.positions, {}, view_projection, kViewport, {top, bottom}));
  EXPECT_EQ(cuts.size(), 9u + 8u + 8u);
  for (const auto& [particle, direction] : cuts) {
    const uint32_t column = particle % 9;
    EXPECT_TRUE((direction == 6 && column == 4) || (direction != 6 && column == 3))
        << particle << " " << direction;
  }
  // The same cloth moved behind the eye projects nowhere on the screen.
  const glm::vec3 behind = 2.0f * camera.eye() - camera.target();
  for (glm::vec4& p : grid.positions)
    p = glm::vec4(glm::vec3(p) - camera.target() + behind, 1.0f);
  EXPECT_TRUE(
      links_crossed({grid.layout}, grid.positions, {}, view_projection, kViewport, {top, bottom})
          .empty());
}

TEST(Knife, SegmentsCrossOnlyThroughEachOther) {
  EXPECT_TRUE(segments_cross({0, 0}, {2, 2}, {0, 2}, {2, 0}));
  EXPECT_FALSE(segments_cross({0, 0}, {1, 1}, {0, 2}, {2, 2}));  // apart
  EXPECT_FALSE(segments_cross({0, 0}, {2, 0}, {1, 0}, {3, 0}));  // along one line
  EXPECT_FALSE(segments_cross({0, 0}, {2, 0}, {1, 0}, {1, 2}));  // one ends on the other
  EXPECT_FALSE(segments_cross({0, 0}, {2, 0}, {1, 2}, {1, 0}));  // from either side
  EXPECT_FALSE(segments_cross({1, 0}, {1, 2}, {0, 0}, {2, 0}));
  EXPECT_FALSE(segments_cross({1, 2}, {1, 0}, {0, 0}, {2, 0}));
}

}  // namespace
}  // namespace weft::test
