#include "sim/material_edit.h"

#include <string>

#include "sim/cloth_grid.h"
#include "sim/grid_layout.h"
#include "sim/material_figures.h"
#include "sim/model_error.h"

namespace weft {

namespace {

void refuse_what_a_running_solver_cannot_take(const ClothMaterial& from, const ClothMaterial& to) {
  for (const MaterialFigure& figure : material_figures()) {
    if (!figure.live && figure.get(from) != figure.get(to)) {
      throw ModelError("the material's " + std::string(figure.key) +
                       " cannot change while the cloth runs: change it in the scene file");
    }
  }
  if ((from.bending_stiffness > 0.0f) != (to.bending_stiffness > 0.0f)) {
    throw ModelError(
        "a running cloth keeps its bending elements: bending_stiffness can change, but not to or "
        "from 0");
  }
  if (from.break_strain.has_value() != to.break_strain.has_value()) {
    throw ModelError(
        "a running cloth cannot start or stop tearing: break_strain can change only "
        "on a cloth that tears");
  }
}

GridLayout* grid_starting_at(Model& model, uint32_t first) {
  for (GridLayout& grid : model.grids) {
    if (grid.first_particle == first) return &grid;
  }
  return nullptr;
}

// A grid: the links, bending and masses add_cloth_grid gives it with this material.
std::vector<std::pair<uint32_t, float>> change_grid(Model& model, GridLayout& grid,
                                                    const ClothMaterial& to) {
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
  std::vector<std::pair<uint32_t, float>> masses;
  for (uint32_t r = 0; r < grid.rows; ++r) {
    for (uint32_t c = 0; c < grid.columns; ++c) {
      const uint32_t particle = grid.first_particle + r * grid.columns + c;
      float& w = model.inverse_masses[particle];
      const float changed = 1.0f / cloth_node_mass(desc, c, r);
      if (w == 0.0f || w == changed) continue;
      w = changed;
      masses.emplace_back(particle, changed);
    }
  }
  return masses;
}

// A mesh: every figure it has scales what it gave (an edge's compliance is |e|^2 / (S A), a
// hinge's goes as 1 / B, a vertex's mass as the areal density).
std::vector<std::pair<uint32_t, float>> change_mesh(Model& model, uint32_t first, uint32_t count,
                                                    const ClothMaterial& from,
                                                    const ClothMaterial& to) {
  const auto inside = [&](uint32_t particle) { return particle - first < count; };
  const float stretch = from.stretch_stiffness / to.stretch_stiffness;
  const float softening = compression_softening(to);
  for (DistanceConstraint& constraint : model.constraints) {
    if (!inside(constraint.a)) continue;
    constraint.compliance *= stretch;
    constraint.compression_compliance = constraint.compliance * softening;
  }
  if (from.bending_stiffness > 0.0f) {
    const float bending = from.bending_stiffness / to.bending_stiffness;
    for (BendingElement& element : model.bending) {
      if (inside(element.particles[0])) element.compliance *= bending;
    }
  }
  std::vector<std::pair<uint32_t, float>> masses;
  const float density = from.areal_density / to.areal_density;
  for (uint32_t particle = first; particle < first + count; ++particle) {
    float& w = model.inverse_masses[particle];
    if (w == 0.0f || density == 1.0f) continue;
    w *= density;
    masses.emplace_back(particle, w);
  }
  return masses;
}

}  // namespace

std::vector<std::pair<uint32_t, float>> change_material(Model& model, uint32_t first,
                                                        uint32_t count, const ClothMaterial& from,
                                                        const ClothMaterial& to) {
  refuse_what_a_running_solver_cannot_take(from, to);
  if (GridLayout* grid = grid_starting_at(model, first)) return change_grid(model, *grid, to);
  return change_mesh(model, first, count, from, to);
}

}  // namespace weft
