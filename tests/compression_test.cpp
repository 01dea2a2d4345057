// Links softer in compression than in stretch (sim/model/link.h): a material's compression
// stiffness becomes the compliance its links answer with while shorter than their rest length, on
// both solver paths, and a compressed link settles where that compliance puts it.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/core/cpu_solver.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/model/triangle_mesh.h"

namespace weft::test {
namespace {

constexpr double kG = 9.81;

TEST(Compression, AMaterialsLinksAreSofterByStretchOverCompressionStiffness) {
  ClothMaterial material = *find_cloth_material("cotton");
  material.stretch_stiffness = 800.0f;
  material.compression_stiffness = 20.0f;
  EXPECT_FLOAT_EQ(compression_softening(material), 40.0f);
  ClothGridDesc cloth;
  cloth.columns = 5;
  cloth.rows = 5;
  apply_cloth_material(material, cloth);
  EXPECT_FLOAT_EQ(*cloth.structural.compression_compliance, 40.0f / 800.0f);
  EXPECT_FLOAT_EQ(*cloth.shear.compression_compliance, 40.0f * cloth.shear.compliance);

  TriangleMeshDesc mesh;
  mesh.vertices = {{0, 0, 0}, {0.1f, 0, 0}, {0, 0, 0.1f}, {0.1f, 0, 0.1f}};
  mesh.triangles = {{0, 2, 1}, {1, 2, 3}};
  apply_cloth_material(material, mesh);
  Model model;
  add_triangle_mesh(model, mesh);
  for (const DistanceConstraint& c : model.constraints) {
    ASSERT_TRUE(c.compression_compliance.has_value());
    EXPECT_FLOAT_EQ(*c.compression_compliance, 40.0f * c.compliance) << c.a << "-" << c.b;
  }

  material.compression_stiffness.reset();  // none: as stiff as in stretch
  EXPECT_FLOAT_EQ(compression_softening(material), 1.0f);
  material.compression_stiffness = 0.0f;
  EXPECT_THROW(apply_cloth_material(material, cloth), ModelError);
}

// A 2 x 2 grid of 1 kg nodes joined by structural links alone, 0.5 m apart, on one row of pins:
// standing on its bottom row, each top node rests on one link, which shortens by m g times its
// compression compliance; hanging from its top row, each bottom node stretches its link by m g
// times its compliance. The horizontal links carry nothing either way.
double settled_length_change(SolverVariant variant, bool standing) {
  constexpr float kCompliance = 1e-4f;  // m/N
  constexpr float kSoftening = 20.0f;
  Model model;
  ClothGridDesc cloth;
  cloth.width_axis = {0.5f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.5f, 0.0f};  // row 1 above row 0
  cloth.particle_mass = 1.0f;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, kCompliance, kCompliance * kSoftening};
  cloth.shear = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  cloth.pinned = standing ? std::vector<uint32_t>{0, 1} : std::vector<uint32_t>{2, 3};
  add_cloth_grid(model, cloth);
  model.solver.integrator = Integrator::verlet;
  model.solver.variant = variant;
  model.solver.damping_rate = 10.0f;  // 1/s: settles within the run
  model.solver.substeps = 8;
  // The grid path's Jacobi sweeps each close 3/8 of a link's error (grid_layout.cpp); 32 leave
  // none, so both paths settle where the compliance alone puts the node.
  model.solver.relaxation_sweeps = 32;
  CpuSolver<double> solver(model);
  for (int frame = 0; frame < 600; ++frame)
    solver.step_frame();
  const auto& x = solver.state().positions;
  return double(x[2].y - x[0].y) - 0.5;  // the left link, bottom to top
}

TEST(Compression, ALinkShortensByItsWeightTimesItsCompressionCompliance) {
  for (SolverVariant variant : {SolverVariant::general, SolverVariant::grid}) {
    const char* path = variant == SolverVariant::grid ? "grid path" : "general path";
    // 2% for the damping and the sweeps still settling, as in the hanging mass of cpu_physics.
    EXPECT_NEAR(settled_length_change(variant, true), -kG * 20e-4, 0.02 * kG * 20e-4) << path;
    EXPECT_NEAR(settled_length_change(variant, false), kG * 1e-4, 0.02 * kG * 1e-4) << path;
  }
}

}  // namespace
}  // namespace weft::test
