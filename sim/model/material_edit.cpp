#include "sim/model/material_edit.h"

#include <string>

#include "sim/model/cloth_grid.h"
#include "sim/model/grid_layout.h"
#include "sim/model/material_figures.h"
#include "sim/model/model_error.h"
#include "sim/model/triangle_mesh.h"

namespace weft {

namespace {

void refuse_what_a_running_solver_cannot_take(const ClothMaterial& from, const ClothMaterial& to) {
  for (const MaterialFigure& figure : material_figures()) {
    if (figure.presence_fixed && has_figure(figure, from) != has_figure(figure, to)) {
      throw ModelError("a running cloth keeps the elements it was built with: its " +
                       std::string(figure.key) +
                       " can change, but not be given or taken away; do that in the scene file");
    }
  }
}

GridLayout* grid_starting_at(Model& model, uint32_t first) {
  for (GridLayout& grid : model.grids) {
    if (grid.first_particle == first) return &grid;
  }
  return nullptr;
}

// A grid: the links, bending and masses add_cloth_grid gives it with this material.
std::vector<float> change_grid(Model& model, GridLayout& grid, const ClothMaterial& to) {
  ClothGridDesc desc;
  desc.columns = grid.columns;
  desc.rows = grid.rows;
  desc.width_axis = grid.column_step * float(grid.columns - 1);
  desc.height_axis = grid.row_step * float(grid.rows - 1);
  apply_cloth_material(to, desc);
  grid.structural = desc.structural;
  grid.shear = desc.shear;
  grid.bend = desc.bend;
  grid.bending_stiffness = desc.bending_stiffness;
  grid.break_strain = desc.break_strain;
  if (grid.links_listed) {
    size_t next = grid.first_constraint;
    for_each_grid_link(grid, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t) {
      const LinkMaterial& link = grid_material(grid, kind);
      if (!has_constraint(link.kind)) return;
      DistanceConstraint& constraint = model.constraints.at(next++);
      if (constraint.a != grid.first_particle + a || constraint.b != grid.first_particle + b) {
        throw ModelError("the cloth's links are not where its grid lists them");
      }
      constraint.compliance = link.compliance;
      constraint.compression_compliance = link.compression_compliance;
    });
  }
  std::vector<float> given(grid.node_count());
  for (uint32_t r = 0; r < grid.rows; ++r) {
    for (uint32_t c = 0; c < grid.columns; ++c) {
      const uint32_t node = r * grid.columns + c;
      given[node] = 1.0f / cloth_node_mass(desc, c, r);
      float& w = model.inverse_masses[grid.first_particle + node];
      if (w != 0.0f) w = given[node];
    }
  }
  return given;
}

// A mesh: built again from its rest positions and triangles with the new material, and what that
// gives its edges, hinges and vertices copied over, exactly as a scene of the new material
// builds it.
std::vector<float> change_mesh(Model& model, uint32_t first, uint32_t count,
                               const ClothMaterial& to) {
  const auto inside = [&](uint32_t particle) { return particle - first < count; };
  TriangleMeshDesc mesh;
  mesh.vertices.assign(model.positions.begin() + first, model.positions.begin() + first + count);
  for (const glm::uvec3& triangle : model.triangles) {
    if (inside(triangle.x)) mesh.triangles.push_back(triangle - glm::uvec3(first));
  }
  apply_cloth_material(to, mesh);
  Model built;
  add_triangle_mesh(built, mesh);
  const auto first_of = [&](const auto& list, auto particle_of) {
    size_t k = 0;
    while (k < list.size() && !inside(particle_of(list[k])))
      ++k;
    return k;
  };
  const size_t constraints =
      first_of(model.constraints, [](const DistanceConstraint& c) { return c.a; });
  const size_t hinges =
      first_of(model.bending, [](const BendingElement& e) { return e.particles[0]; });
  if (constraints + built.constraints.size() > model.constraints.size() ||
      hinges + built.bending.size() > model.bending.size()) {
    throw ModelError("the mesh's links are not where its model lists them");
  }
  for (size_t k = 0; k < built.constraints.size(); ++k) {
    DistanceConstraint& constraint = model.constraints[constraints + k];
    if (constraint.a != first + built.constraints[k].a ||
        constraint.b != first + built.constraints[k].b) {
      throw ModelError("the mesh's links are not where its model lists them");
    }
    constraint.compliance = built.constraints[k].compliance;
    constraint.compression_compliance = built.constraints[k].compression_compliance;
  }
  for (size_t k = 0; k < built.bending.size(); ++k)
    model.bending[hinges + k].compliance = built.bending[k].compliance;
  for (uint32_t v = 0; v < count; ++v) {
    float& w = model.inverse_masses[first + v];
    if (w != 0.0f) w = built.inverse_masses[v];
  }
  return built.inverse_masses;
}

}  // namespace

std::vector<float> change_material(Model& model, uint32_t first, uint32_t count,
                                   const ClothMaterial& from, const ClothMaterial& to) {
  refuse_what_a_running_solver_cannot_take(from, to);
  // The limits it is held to, and the friction of its contacts (the tethers, strain limits and
  // colliders modules take them from these).
  const std::optional<TetherScales> scales = material_tether_scales(to);
  for (TetherGroup& group : model.tether_groups) {
    if (group.first_particle != first || !scales) continue;
    group.scale = scales->scale;
    group.link_scale = scales->link_scale;
  }
  std::erase_if(model.surface_frictions,
                [&](const SurfaceFriction& surface) { return surface.first_particle == first; });
  if (to.friction) model.surface_frictions.push_back({first, count, *to.friction});
  if (GridLayout* grid = grid_starting_at(model, first)) return change_grid(model, *grid, to);
  return change_mesh(model, first, count, to);
}

}  // namespace weft
