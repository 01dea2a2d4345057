// The CPU side of the graphics pass (app/render/render_mesh.h): the triangle corners around each
// vertex that the GPU normals gather, the normals they give, the links and pins drawn, the
// particles and links outside any surface (spheres and thick lines), their sizes, where each
// fabric's check lies, and the room the camera frames.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "app/default_scene.h"
#include "app/render/render_mesh.h"
#include "app/scene/scene_colors.h"
#include "sim/model/grid_layout.h"
#include "sim/model/model.h"
#include "sim/model/rope.h"

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

// A check is laid out in each fabric's rest coordinates: a grid node's column and row times the
// spacing, whichever way the grid lies; a mesh vertex's rest position, less the corner of its
// box, along the two axes the mesh spans most; nothing for a plain fabric.
TEST(RenderMesh, FabricChecksFollowTheRestCoordinates) {
  Model model;
  // A 3 x 2 grid standing in the x-y plane: 0.1 m between columns, 0.2 m between rows.
  GridLayout grid;
  grid.columns = 3;
  grid.rows = 2;
  grid.column_step = {0.1f, 0.0f, 0.0f};
  grid.row_step = {0.0f, -0.2f, 0.0f};
  model.grids.push_back(grid);
  for (uint32_t r = 0; r < 2; ++r) {
    for (uint32_t c = 0; c < 3; ++c)
      model.positions.push_back(glm::vec3(7.0f, 1.0f, 2.0f) + float(c) * grid.column_step +
                                float(r) * grid.row_step);
  }
  // A mesh lying level at y = 1, 1 m along x and 2 m along z; then two particles of a plain
  // fabric.
  for (const glm::vec3& p : {glm::vec3(5, 1, 3), glm::vec3(6, 1, 3), glm::vec3(5, 1, 5),
                             glm::vec3(6, 1, 5), glm::vec3(0, 0, 0), glm::vec3(1, 1, 1)})
    model.positions.push_back(p);
  const std::vector<ParticleColors> colors = {{0, 6, glm::vec3(1.0f), false, 0.05f},
                                              {6, 4, glm::vec3(1.0f), true, 0.1f},
                                              {10, 2, glm::vec3(1.0f), true, 0.0f}};
  const std::vector<glm::vec4> patterns = fabric_patterns(model, colors);
  ASSERT_EQ(patterns.size(), 12u);
  EXPECT_EQ(patterns[0], glm::vec4(0.0f, 0.0f, 0.05f, 0.0f));
  EXPECT_NEAR(patterns[5].x, 0.2f, 1e-6f);  // column 2, row 1
  EXPECT_NEAR(patterns[5].y, 0.2f, 1e-6f);
  EXPECT_EQ(patterns[5].z, 0.05f);
  EXPECT_EQ(patterns[6], glm::vec4(0.0f, 0.0f, 0.1f, 0.0f));
  EXPECT_EQ(patterns[9], glm::vec4(1.0f, 2.0f, 0.1f, 0.0f));  // along x, then z
  EXPECT_EQ(patterns[10], glm::vec4(0.0f));
  EXPECT_EQ(patterns[11], glm::vec4(0.0f));
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

// A square of two triangles (0..3) with a rope of two more particles (4, 5) tied to corner 2.
Model square_with_a_tail() {
  Model model;
  for (const glm::vec3& p : {glm::vec3(0, 0, 0), glm::vec3(1, 0, 0), glm::vec3(1, 0, 1),
                             glm::vec3(0, 0, 1), glm::vec3(1.2f, 0, 1), glm::vec3(1.4f, 0, 1)}) {
    model.add_particle(p, 1.0f);
  }
  model.triangles = {{0, 1, 2}, {0, 2, 3}};
  for (const auto& [a, b] : {std::pair{0u, 1u}, {1u, 2u}, {2u, 3u}, {3u, 0u}, {0u, 2u}}) {
    model.springs.push_back({a, b, glm::distance(model.positions[a], model.positions[b]), 10, 0});
  }
  model.springs.push_back({2, 4, 0.2f, 10, 0});
  model.constraints.push_back({4, 5, 0.2f, 0.0f});
  return model;
}

TEST(RenderMesh, ParticlesAndLinksOutsideTheSurfaceAreDrawnApart) {
  const Model model = square_with_a_tail();
  const std::vector<gpu::RenderParticle> free = free_particles(model);
  ASSERT_EQ(free.size(), 2u);
  EXPECT_EQ(free[0].index, 4u);
  EXPECT_EQ(free[1].index, 5u);
  EXPECT_FLOAT_EQ(free[1].spacing, 0.2f);  // its one line's rest length
  std::vector<gpu::RenderLink> links = render_links(model);
  ASSERT_EQ(move_line_links_first(links, model), 2u);
  // The tail's two links first, in their order; the square's five after.
  EXPECT_EQ(links[0].a, 2u);
  EXPECT_EQ(links[0].b, 4u);
  EXPECT_EQ(links[1].kind, static_cast<uint32_t>(WEFT_LINK_CONSTRAINT));
  for (size_t k = 2; k < links.size(); ++k)
    EXPECT_LT(links[k].b, 4u);
}

TEST(RenderMesh, ParticlesStaySmallerThanTheLinesBetweenThem) {
  const Model model = square_with_a_tail();
  const gpu::RenderStyle style = render_style(model, 10.0f);
  EXPECT_FLOAT_EQ(style.marker_radius, 0.12f);          // a share of the scene
  EXPECT_FLOAT_EQ(style.particle_radius, 0.2f * 0.2f);  // a fifth of the shortest line
  EXPECT_LT(style.line_width, 2.0f * style.particle_radius);
  EXPECT_GT(style.min_pixels, 1.0f);
}

TEST(RenderMesh, APinnedRopeSwingsInItsOwnUprightPlane) {
  Model model;
  RopeDesc rope;
  rope.start = {0.0f, 2.0f, 0.0f};
  rope.end = {3.0f, 2.0f, 0.0f};
  rope.node_count = 4;
  rope.segment.stiffness = 100.0f;
  rope.pinned = {0};
  add_rope(model, rope);
  const Bounds bounds = scene_bounds(model);
  EXPECT_FLOAT_EQ(bounds.lo.x, -3.0f);  // it may swing over to the other side of its pin
  EXPECT_FLOAT_EQ(bounds.hi.x, 3.0f);
  EXPECT_FLOAT_EQ(bounds.lo.y, -1.0f);  // and hang its length below it
  EXPECT_FLOAT_EQ(bounds.hi.y, 2.0f);
  EXPECT_FLOAT_EQ(bounds.lo.z, 0.0f);  // but not leave the plane it started in
  EXPECT_FLOAT_EQ(bounds.hi.z, 0.0f);
  // A ground above that depth stops it there.
  model.environment.ground.mode = GroundMode::force;
  model.environment.ground.height = 0.5f;
  EXPECT_FLOAT_EQ(scene_bounds(model).lo.y, 0.5f);
}

}  // namespace
}  // namespace weft::test
