// The CPU side of the graphics pass (app/render/render_mesh.h): the triangle corners around each
// vertex that the GPU normals gather, the normals they give, and the links and pins drawn.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "app/default_scene.h"
#include "app/render/render_mesh.h"

namespace weft::test {
namespace {

TEST(RenderMesh, CornersKeepEveryTrianglesWinding) {
  // Two triangles sharing the edge 1-2: (0, 1, 2) and (2, 1, 3).
  const std::vector<glm::uvec3> triangles = {{0, 1, 2}, {2, 1, 3}};
  const CornerAdjacency adjacency = build_corner_adjacency(4, triangles);
  ASSERT_EQ(adjacency.offsets, (std::vector<uint32_t>{0, 1, 3, 5, 6}));
  // Vertex 1 sees (2, 0) from the first triangle and (3, 2) from the second.
  EXPECT_EQ(adjacency.corners[1].next, 2u);
  EXPECT_EQ(adjacency.corners[1].prev, 0u);
  EXPECT_EQ(adjacency.corners[2].next, 3u);
  EXPECT_EQ(adjacency.corners[2].prev, 2u);
  EXPECT_EQ(adjacency.corners[5].next, 2u);  // vertex 3: (2, 1)
  EXPECT_EQ(adjacency.corners[5].prev, 1u);
}

TEST(RenderMesh, NormalsOfAFoldAreAreaWeightedAndUnit) {
  // A sheet folded along x = 0: the left half flat, the right half rising at 45 degrees.
  const std::vector<glm::vec3> positions = {{-1, 0, 0}, {0, 0, 0}, {0, 0, 1},
                                            {-1, 0, 1}, {1, 1, 0}, {1, 1, 1}};
  const std::vector<glm::uvec3> triangles = {{0, 2, 1}, {0, 3, 2}, {1, 2, 5}, {1, 5, 4}};
  const std::vector<glm::vec3> normals =
      vertex_normals(positions, build_corner_adjacency(6, triangles));
  EXPECT_NEAR(normals[0].y, 1.0f, 1e-6f);              // only flat triangles around it
  EXPECT_NEAR(normals[4].x, -std::sqrt(0.5f), 1e-6f);  // only tilted ones
  EXPECT_NEAR(normals[4].y, std::sqrt(0.5f), 1e-6f);
  // On the fold: between the two, and of unit length.
  EXPECT_NEAR(glm::length(normals[1]), 1.0f, 1e-6f);
  EXPECT_LT(normals[1].x, 0.0f);
  EXPECT_GT(normals[1].y, std::sqrt(0.5f));
}

TEST(RenderMesh, LinksAndPinsOfTheDefaultScene) {
  DefaultSceneOptions options;
  options.columns = 8;
  options.rows = 5;
  const Model model = make_default_scene(options);
  const std::vector<gpu::RenderLink> links = render_links(model);
  // Cotton: structural and shear links are constraints, and there are no springs.
  ASSERT_EQ(model.springs.size(), 0u);
  ASSERT_EQ(links.size(), model.constraints.size());
  EXPECT_EQ(links.front().kind, static_cast<uint32_t>(WEFT_LINK_CONSTRAINT));
  EXPECT_EQ(links.back().kind, static_cast<uint32_t>(WEFT_LINK_CONSTRAINT));
  EXPECT_EQ(pinned_particles(model), (std::vector<uint32_t>{0, 7}));  // two corners of row 0
  const Bounds bounds = scene_bounds(model);
  EXPECT_FLOAT_EQ(bounds.hi.y, 1.5f);  // the cloth
  // The 2 m cloth hangs from its pins: it may swing down to 2 m below them, lower than the
  // sphere's bottom (-0.2 m), not as low as the ground (-0.6 m).
  EXPECT_FLOAT_EQ(bounds.lo.y, 1.5f - 2.0f);
}

}  // namespace
}  // namespace weft::test
