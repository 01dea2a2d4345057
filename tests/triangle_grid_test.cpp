// The grid the CPU reference's mesh contacts look triangles up in (sim/modules/triangle_grid.h):
// it must list every triangle whose bounding box meets the box asked about, once, in increasing
// order, from the first asked for on; the contacts are the shader's only if it misses none.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <glm/common.hpp>

#include "sim/modules/triangle_grid.h"

namespace weft {
namespace {

struct Box {
  glm::dvec3 lo, hi;
};

Box box_of(const std::vector<glm::vec4>& corners, uint32_t t) {
  Box box{glm::dvec3(corners[3 * t]), glm::dvec3(corners[3 * t])};
  for (uint32_t k = 1; k < 3; ++k) {
    box.lo = glm::min(box.lo, glm::dvec3(corners[3 * t + k]));
    box.hi = glm::max(box.hi, glm::dvec3(corners[3 * t + k]));
  }
  return box;
}

bool meet(const Box& a, const Box& b) {
  return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y &&
         a.lo.z <= b.hi.z && b.lo.z <= a.hi.z;
}

// Triangles of a few centimetres scattered over a flat disc 20 cm across and a few larger ones
// standing across it, after `before` triangles of another mesh the grid must leave out.
std::vector<glm::vec4> scattered_triangles(uint32_t before, uint32_t count) {
  std::mt19937 random(7);
  std::uniform_real_distribution<float> across(-0.1f, 0.1f), size(0.002f, 0.03f);
  std::vector<glm::vec4> corners;
  for (uint32_t t = 0; t < before + count; ++t) {
    const glm::vec3 at(across(random), 0.01f * across(random), across(random));
    const float s = t % 50 == 0 ? 0.15f : size(random);
    corners.emplace_back(at, 0.0f);
    corners.emplace_back(at + glm::vec3(s, 0.0f, 0.3f * s), 0.0f);
    corners.emplace_back(at + glm::vec3(0.2f * s, 0.5f * s, s), 0.0f);
  }
  return corners;
}

TEST(TriangleGrid, ListsEveryTriangleWhoseBoxMeetsTheBoxAskedAboutInOrder) {
  const uint32_t before = 40, count = 2000;
  const std::vector<glm::vec4> corners = scattered_triangles(before, count);
  const TriangleGrid grid(corners, before, count);
  std::mt19937 random(11);
  std::uniform_real_distribution<double> where(-0.15, 0.15), reach(0.0, 0.02);
  std::uniform_int_distribution<uint32_t> from(before, before + count);
  std::vector<uint32_t> near;
  size_t listed = 0;
  for (int query = 0; query < 500; ++query) {
    const glm::dvec3 at(where(random), 0.05 * where(random), where(random));
    const double r = query % 10 == 0 ? 0.1 : reach(random);
    const Box asked{at - r, at + r};
    const uint32_t first = query % 3 == 0 ? before : from(random);
    grid.near(asked.lo, asked.hi, first, near);
    EXPECT_TRUE(std::is_sorted(near.begin(), near.end()));
    EXPECT_EQ(std::adjacent_find(near.begin(), near.end()), near.end()) << "a triangle twice";
    for (uint32_t t : near) {
      EXPECT_GE(t, first);
      EXPECT_LT(t, before + count);
    }
    for (uint32_t t = first; t < before + count; ++t) {
      if (meet(box_of(corners, t), asked)) {
        EXPECT_TRUE(std::binary_search(near.begin(), near.end(), t))
            << "query " << query << " missed triangle " << t;
      }
    }
    listed += near.size();
  }
  // The grid is worth having: a box a few centimetres across finds a small share of the mesh.
  EXPECT_LT(listed, 500u * count / 4);
}

TEST(TriangleGrid, ABoxAroundTheMeshListsItsTrianglesFromTheFirstAskedFor) {
  const std::vector<glm::vec4> corners = scattered_triangles(10, 300);
  const TriangleGrid grid(corners, 10, 300);
  std::vector<uint32_t> near;
  grid.near(glm::dvec3(-1.0), glm::dvec3(1.0), 100, near);
  ASSERT_EQ(near.size(), 210u);
  EXPECT_EQ(near.front(), 100u);
  EXPECT_EQ(near.back(), 309u);
  const TriangleGrid empty(corners, 0, 0);
  empty.near(glm::dvec3(-1.0), glm::dvec3(1.0), 0, near);
  EXPECT_TRUE(near.empty());
}

}  // namespace
}  // namespace weft
