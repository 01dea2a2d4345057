#include "sim/model/grid_layout.h"

#include <glm/geometric.hpp>

#include "sim/model/bending_element.h"
#include "sim/model/model.h"

namespace weft {

namespace {

float rest_length_of_slot(const GridLayout& grid, uint32_t slot) {
  const glm::vec3 du = grid.column_step;
  const glm::vec3 dv = grid.row_step;
  switch (slot) {
    case 0: return glm::length(du);
    case 1: return glm::length(dv);
    case 2: return glm::length(du + dv);
    case 3: return glm::length(dv - du);
    case 4: return glm::length(2.0f * du);
    default: return glm::length(2.0f * dv);
  }
}

uint32_t kind_bit(GridLinkKind kind) {
  return 1u << static_cast<uint32_t>(kind);
}

}  // namespace

const LinkMaterial& grid_material(const GridLayout& grid, GridLinkKind kind) {
  switch (kind) {
    case GridLinkKind::structural: return grid.structural;
    case GridLinkKind::shear: return grid.shear;
    default: return grid.bend;
  }
}

void for_each_grid_link(
    const GridLayout& grid,
    const std::function<void(uint32_t, uint32_t, GridLinkKind, uint32_t)>& visit) {
  const int columns = static_cast<int>(grid.columns);
  const int rows = static_cast<int>(grid.rows);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      const uint32_t a = static_cast<uint32_t>(r * columns + c);
      for (const GridDirection& d : kGridDirections) {
        if (!d.forward) continue;
        const int nc = c + d.column_offset;
        const int nr = r + d.row_offset;
        if (nc < 0 || nc >= columns || nr >= rows) continue;
        visit(a, static_cast<uint32_t>(nr * columns + nc), d.kind, d.slot);
      }
    }
  }
}

void list_grid_links(const GridLayout& grid, std::vector<Spring>& springs,
                     std::vector<DistanceConstraint>& constraints) {
  float rest[6];
  for (uint32_t slot = 0; slot < 6; ++slot)
    rest[slot] = rest_length_of_slot(grid, slot);
  const uint32_t first = grid.first_particle;
  for_each_grid_link(grid, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t slot) {
    const LinkMaterial& material = grid_material(grid, kind);
    if (has_spring(material.kind)) {
      springs.push_back({first + a, first + b, rest[slot], material.stiffness, material.damping});
    }
    if (has_constraint(material.kind)) {
      constraints.push_back(
          {first + a, first + b, rest[slot], material.compliance, material.compression_compliance});
    }
  });
}

namespace {

// Whether a link listed outside the grid's own range touches one of its particles.
template <typename Link>
bool foreign_link_touches(const std::vector<Link>& links, size_t own_first, size_t own_count,
                          const GridLayout& grid) {
  for (size_t k = 0; k < links.size(); ++k) {
    if (k >= own_first && k < own_first + own_count) continue;
    if (grid.holds(links[k].a) || grid.holds(links[k].b)) return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> grid_path_refusal(const Model& model, size_t index) {
  const GridLayout& grid = model.grids.at(index);
  if (grid.first_particle + grid.node_count() > model.particle_count()) {
    return "the cloth grid's nodes go beyond the model's particles";
  }
  if (grid.links_listed) {
    // Its listed links must be exactly the grid's own: count what the grid would list.
    size_t springs = 0;
    size_t constraints = 0;
    for_each_grid_link(grid, [&](uint32_t, uint32_t, GridLinkKind kind, uint32_t) {
      const LinkKind k = grid_material(grid, kind).kind;
      springs += has_spring(k);
      constraints += has_constraint(k);
    });
    if (grid.spring_count != springs || grid.constraint_count != constraints ||
        grid.first_spring + springs > model.springs.size() ||
        grid.first_constraint + constraints > model.constraints.size()) {
      return "the model's link lists do not hold the cloth grid's links";
    }
  }
  if (foreign_link_touches(model.springs, grid.first_spring, grid.spring_count, grid) ||
      foreign_link_touches(model.constraints, grid.first_constraint, grid.constraint_count, grid)) {
    return "links beyond the cloth grid's own join its particles";
  }
  return std::nullopt;
}

gpu::GridParams make_grid_params(const GridLayout& grid) {
  gpu::GridParams params{};
  params.first_particle = grid.first_particle;
  params.columns = grid.columns;
  params.rows = grid.rows;
  uint32_t constraint_links = 0;  // most constraints one particle can have
  bool uses_lambdas = false;
  for (GridLinkKind kind : {GridLinkKind::structural, GridLinkKind::shear, GridLinkKind::bend}) {
    const LinkMaterial& m = grid_material(grid, kind);
    const auto k = static_cast<glm::length_t>(kind);
    if (has_spring(m.kind)) params.spring_kinds |= kind_bit(kind);
    if (has_constraint(m.kind)) {
      params.constraint_kinds |= kind_bit(kind);
      constraint_links += 4;
      uses_lambdas = uses_lambdas || m.compliance > 0.0f || compression_compliance_of(m) > 0.0f;
    }
    params.stiffness[k] = m.stiffness;
    params.damping[k] = m.damping;
    params.compliance[k] = m.compliance;
    params.compression[k] = compression_compliance_of(m);
  }
  params.rest_lengths = glm::vec4(rest_length_of_slot(grid, 0), rest_length_of_slot(grid, 1),
                                  rest_length_of_slot(grid, 2), rest_length_of_slot(grid, 3));
  params.bend_rest_lengths =
      glm::vec4(rest_length_of_slot(grid, 4), rest_length_of_slot(grid, 5), 0, 0);
  // Jacobi: every constraint of a particle corrects it from the same old positions, so the sum of
  // up to N = constraint_links full corrections would overshoot. Each is scaled by omega / N, the
  // same for every constraint so that both ends agree. Stability: a constraint shares particles
  // with at most 2 (N - 1) others, so by Gershgorin the system's largest eigenvalue is at most
  // N times its diagonal, and the scaled sweep contracts for omega < 2. omega = 1.5 over-relaxes
  // the averaged step: with structural links alone an interior error shrinks by 1 - 1.5 / 4 per
  // sweep instead of 1 - 1 / 4.
  constexpr float kOverRelaxation = 1.5f;
  params.jacobi_scale =
      constraint_links ? kOverRelaxation / static_cast<float>(constraint_links) : 1.0f;
  params.uses_lambdas = uses_lambdas ? 1u : 0u;
  params.break_strain = grid.break_strain;
  params.structural_solved_along_lines = stretch_solved_along_lines(grid) ? 1u : 0u;
  return params;
}

}  // namespace weft

namespace weft {

float grid_rest_length(const gpu::GridParams& grid, uint32_t slot) {
  return slot < 4 ? grid.rest_lengths[static_cast<glm::length_t>(slot)]
                  : grid.bend_rest_lengths[static_cast<glm::length_t>(slot - 4)];
}

}  // namespace weft
