// Cloth materials in physical units (sim/model/cloth_material.h): the figures weft derives from
// them do not depend on the resolution. How the material hangs, run for seconds of simulated time,
// is in hanging_cloth_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/model/model.h"
#include "sim/model/triangle_mesh.h"

namespace weft::test {
namespace {

ClothGridDesc square_metre(uint32_t nodes) {
  ClothGridDesc cloth;
  cloth.columns = nodes;
  cloth.rows = nodes;
  cloth.width_axis = {1.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 1.0f};
  return cloth;
}

TEST(ClothMaterial, CompliancesDoNotDependOnTheResolution) {
  const ClothMaterial& cotton = *find_cloth_material("cotton");
  for (uint32_t nodes : {3u, 17u, 129u}) {
    ClothGridDesc cloth = square_metre(nodes);
    apply_cloth_material(cotton, cloth);
    // Worked by hand: a link standing for a strip as wide as it is long has stiffness S, a
    // square cell's diagonals S_xy each.
    EXPECT_FLOAT_EQ(cloth.structural.compliance, 1.0f / 1000.0f) << nodes;
    EXPECT_FLOAT_EQ(cloth.shear.compliance, 1.0f / 40.0f) << nodes;
    EXPECT_EQ(cloth.bend.kind, LinkKind::none);
    EXPECT_FLOAT_EQ(cloth.bending_stiffness, 3e-6f);
    // Each node weighs its share of the square metre: a quarter cell at a corner, half a cell
    // on an edge, a whole one inside; together the cloth's 0.15 kg.
    const float cell = 0.15f / float((nodes - 1) * (nodes - 1));
    EXPECT_FLOAT_EQ(cloth_node_mass(cloth, 0, 0), 0.25f * cell) << nodes;
    EXPECT_FLOAT_EQ(cloth_node_mass(cloth, 1, 0), 0.5f * cell) << nodes;
    EXPECT_FLOAT_EQ(cloth_node_mass(cloth, 1, 1), cell) << nodes;
    double total = 0.0;
    for (uint32_t r = 0; r < nodes; ++r) {
      for (uint32_t c = 0; c < nodes; ++c)
        total += cloth_node_mass(cloth, c, r);
    }
    EXPECT_NEAR(total, 0.15, 1e-6) << nodes;
  }
}

TEST(ClothMaterial, MeshEdgesOfASquareGridHaveTheGridsStiffness) {
  // Two triangles of a 0.1 m square: an axis edge borders one triangle, half the strip a grid's
  // link stands for (S/2); the diagonal borders both over twice the squared length (S/2).
  TriangleMeshDesc mesh;
  mesh.vertices = {{0, 0, 0}, {0.1f, 0, 0}, {0, 0, 0.1f}, {0.1f, 0, 0.1f}};
  mesh.triangles = {{0, 2, 1}, {1, 2, 3}};
  apply_cloth_material(*find_cloth_material("denim"), mesh);
  Model model;
  add_triangle_mesh(model, mesh);
  ASSERT_EQ(model.constraints.size(), 5u);
  for (const DistanceConstraint& c : model.constraints) {
    EXPECT_NEAR(c.compliance, 2.0f / 5000.0f, 1e-9f) << c.a << "-" << c.b;
  }
  // A vertex weighs a third of the triangles around it: the diagonal's ends (on both triangles)
  // a third of the square, the other two corners (on one) a sixth; 0.35 kg/m^2 in all.
  const std::vector<float> masses = mesh_vertex_masses(mesh);
  const float square = 0.35f * 0.01f;
  EXPECT_NEAR(masses[0], square / 6.0f, 1e-9f);
  EXPECT_NEAR(masses[1], square / 3.0f, 1e-9f);
  EXPECT_NEAR(masses[2], square / 3.0f, 1e-9f);
  EXPECT_NEAR(masses[3], square / 6.0f, 1e-9f);
}

// The cloth a material builds is held by tethers over its own particles, whatever was built
// before it; a material without a max_stretch has none.
TEST(ClothMaterial, MaxStretchBecomesTethers) {
  Model model;
  ClothGridDesc rubber = square_metre(3);
  apply_cloth_material(*find_cloth_material("rubber"), rubber);  // no limit: no tethers
  add_cloth_grid(model, rubber);
  ClothGridDesc silk = square_metre(4);
  silk.pinned = {0};
  apply_cloth_material(*find_cloth_material("silk"), silk);
  const uint32_t first = add_cloth_grid(model, silk);
  ASSERT_EQ(model.tether_groups.size(), 1u);
  EXPECT_EQ(model.tether_groups[0].first_particle, first);
  EXPECT_EQ(model.tether_groups[0].particle_count, 16u);
  // silk's max_stretch is 0.4%: each tether reaches half of it, the cloth between two pins all.
  EXPECT_FLOAT_EQ(model.tether_groups[0].scale, std::sqrt(1.004f));
  EXPECT_FLOAT_EQ(model.tether_groups[0].link_scale, 1.004f);
}

}  // namespace
}  // namespace weft::test
