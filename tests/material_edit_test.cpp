// A material changed on a built cloth (sim/model/material_edit.h) gives the model that the new
// material builds, on a grid and on a mesh, and a running solver given it moves as one built with
// the new material; what a running solver cannot take is refused with the model left as it was.
#include <gtest/gtest.h>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/core/cpu_solver.h"
#include "sim/model/material_edit.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/model/triangle_mesh.h"
#include "tests/support/edited_material.h"

namespace weft::test {
namespace {

ClothMaterial edited_cotton() {
  return cotton_with_every_figure_changed();
}

// The object from `first` as a scene builds it: its contact group, under gravity.
Model with_contacts(Model model, uint32_t first) {
  model.contact_groups.push_back({first, model.particle_count() - first, 0.01f});
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  return model;
}

Model grid_of(const ClothMaterial& material) {
  ClothGridDesc cloth;
  cloth.origin = {0.0f, 1.0f, 0.0f};
  cloth.width_axis = {0.3f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 0.2f};
  cloth.columns = 7;
  cloth.rows = 5;
  cloth.pinned = {0, 6};
  apply_cloth_material(material, cloth);
  Model model;
  const uint32_t first = add_cloth_grid(model, cloth);
  return with_contacts(std::move(model), first);
}

// Six triangles of two sizes around a fan, so that edges have different areas beside them.
Model mesh_of(const ClothMaterial& material) {
  TriangleMeshDesc mesh;
  mesh.vertices = {{0.0f, 1.0f, 0.0f},   {0.1f, 1.0f, 0.0f},  {0.05f, 1.0f, 0.08f},
                   {-0.05f, 1.0f, 0.1f}, {-0.1f, 1.0f, 0.0f}, {-0.05f, 1.0f, -0.08f},
                   {0.06f, 1.0f, -0.1f}};
  mesh.triangles = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}, {0, 5, 6}, {0, 6, 1}};
  mesh.pinned = {4};
  apply_cloth_material(material, mesh);
  Model model;
  const uint32_t first = add_triangle_mesh(model, mesh);
  return with_contacts(std::move(model), first);
}

// Every figure a material puts in the model, within a float's rounding of the ratios a mesh's
// figures are scaled by (a grid's are computed again, exactly).
void expect_same_material(const Model& edited, const Model& built) {
  ASSERT_EQ(edited.constraints.size(), built.constraints.size());
  for (size_t c = 0; c < built.constraints.size(); ++c) {
    SCOPED_TRACE("constraint " + std::to_string(c));
    EXPECT_FLOAT_EQ(edited.constraints[c].compliance, built.constraints[c].compliance);
    ASSERT_EQ(edited.constraints[c].compression_compliance.has_value(),
              built.constraints[c].compression_compliance.has_value());
    if (built.constraints[c].compression_compliance) {
      EXPECT_FLOAT_EQ(*edited.constraints[c].compression_compliance,
                      *built.constraints[c].compression_compliance);
    }
  }
  ASSERT_EQ(edited.bending.size(), built.bending.size());
  for (size_t e = 0; e < built.bending.size(); ++e)
    EXPECT_FLOAT_EQ(edited.bending[e].compliance, built.bending[e].compliance) << "hinge " << e;
  ASSERT_EQ(edited.inverse_masses.size(), built.inverse_masses.size());
  for (size_t i = 0; i < built.inverse_masses.size(); ++i)
    EXPECT_FLOAT_EQ(edited.inverse_masses[i], built.inverse_masses[i]) << "particle " << i;
  ASSERT_EQ(edited.grids.size(), built.grids.size());
  for (size_t g = 0; g < built.grids.size(); ++g) {
    EXPECT_EQ(edited.grids[g].structural.compliance, built.grids[g].structural.compliance);
    EXPECT_EQ(edited.grids[g].shear.compliance, built.grids[g].shear.compliance);
    EXPECT_EQ(edited.grids[g].structural.compression_compliance,
              built.grids[g].structural.compression_compliance);
    EXPECT_EQ(edited.grids[g].bending_stiffness, built.grids[g].bending_stiffness);
  }
  ASSERT_EQ(edited.tether_groups.size(), built.tether_groups.size());
  for (size_t g = 0; g < built.tether_groups.size(); ++g) {
    EXPECT_EQ(edited.tether_groups[g].scale, built.tether_groups[g].scale);
    EXPECT_EQ(edited.tether_groups[g].link_scale, built.tether_groups[g].link_scale);
  }
  ASSERT_EQ(edited.surface_frictions.size(), built.surface_frictions.size());
  for (size_t s = 0; s < built.surface_frictions.size(); ++s) {
    EXPECT_EQ(edited.surface_frictions[s].first_particle,
              built.surface_frictions[s].first_particle);
    EXPECT_EQ(edited.surface_frictions[s].particle_count,
              built.surface_frictions[s].particle_count);
    EXPECT_EQ(edited.surface_frictions[s].friction.static_friction,
              built.surface_frictions[s].friction.static_friction);
    EXPECT_EQ(edited.surface_frictions[s].friction.kinetic_friction,
              built.surface_frictions[s].friction.kinetic_friction);
  }
}

TEST(MaterialEdit, GridGetsWhatTheNewMaterialBuilds) {
  const ClothMaterial& cotton = *find_cloth_material("cotton");
  Model model = grid_of(cotton);
  const std::vector<float> given =
      change_material(model, 0, model.particle_count(), cotton, edited_cotton());
  EXPECT_EQ(given.size(), model.particle_count());
  EXPECT_GT(given[0], 0.0f);                 // what a corner weighs once freed
  EXPECT_EQ(model.inverse_masses[0], 0.0f);  // still pinned
  expect_same_material(model, grid_of(edited_cotton()));
}

TEST(MaterialEdit, MeshGetsWhatTheNewMaterialBuilds) {
  const ClothMaterial& cotton = *find_cloth_material("cotton");
  Model model = mesh_of(cotton);
  ASSERT_FALSE(model.bending.empty());
  change_material(model, 0, model.particle_count(), cotton, edited_cotton());
  expect_same_material(model, mesh_of(edited_cotton()));
}

// A running solver given the edited model (its link materials and its new masses) moves the
// cloth exactly as a solver built with the new material.
TEST(MaterialEdit, RunningSolverMovesAsOneBuiltWithTheNewMaterial) {
  const ClothMaterial& cotton = *find_cloth_material("cotton");
  Model model = grid_of(cotton);
  CpuSolver<float> edited(model);
  change_material(model, 0, model.particle_count(), cotton, edited_cotton());
  edited.set_link_materials(model);
  edited.set_inverse_masses(every_inverse_mass(model));
  CpuSolver<float> built(grid_of(edited_cotton()));
  for (int frame = 0; frame < 20; ++frame) {
    edited.step_frame();
    built.step_frame();
  }
  for (size_t i = 0; i < model.particle_count(); ++i) {
    EXPECT_EQ(edited.state().positions[i], built.state().positions[i]) << "particle " << i;
  }
}

TEST(MaterialEdit, RefusesWhatARunningSolverCannotTake) {
  const ClothMaterial& cotton = *find_cloth_material("cotton");
  ClothMaterial unlimited = cotton;
  unlimited.max_stretch.reset();
  ClothMaterial tearing = cotton;
  tearing.break_strain = 0.1f;
  ClothMaterial flat = cotton;
  flat.bending_stiffness = 0.0f;
  for (const ClothMaterial& to : {unlimited, tearing, flat}) {
    Model model = grid_of(cotton);
    const Model before = model;
    EXPECT_THROW(change_material(model, 0, model.particle_count(), cotton, to), ModelError);
    EXPECT_EQ(model.inverse_masses, before.inverse_masses);
    EXPECT_EQ(model.grids[0].structural.compliance, before.grids[0].structural.compliance);
  }
}

}  // namespace
}  // namespace weft::test
