#include "sim/model/strain_report.h"

#include <glm/geometric.hpp>

#include "sim/model/link_state.h"
#include "sim/model/model.h"

namespace weft {

namespace {

bool in_range(size_t index, size_t first, size_t count) {
  return index >= first && index - first < count;
}

}  // namespace

StrainReport measure_strain(const Model& model, std::span<const glm::vec3> positions,
                            std::span<const uint32_t> link_state) {
  StrainReport report;
  double sum = 0.0;
  auto link = [&](uint32_t a, uint32_t b, float rest) {
    if (!(rest > 0.0f)) return;
    const double strain =
        (glm::length(glm::dvec3(positions[b]) - glm::dvec3(positions[a])) - rest) / rest;
    if (report.links == 0 || strain > report.max) {
      report.max = strain;
      report.a = a;
      report.b = b;
    }
    sum += strain;
    ++report.links;
  };
  for (const GridLayout& grid : model.grids) {
    const float along_row = glm::length(grid.column_step);
    const float along_column = glm::length(grid.row_step);
    for (uint32_t r = 0; r < grid.rows; ++r) {
      for (uint32_t c = 0; c < grid.columns; ++c) {
        const uint32_t node = grid.first_particle + r * grid.columns + c;
        // A torn link is no strain: the cloth tore there (shaders/link_state_layout.h).
        const uint32_t torn =
            grid.break_strain > 0.0f && !link_state.empty() ? link_state[node] : 0u;
        if (c + 1 < grid.columns && !link_torn(torn, 0)) link(node, node + 1, along_row);
        if (r + 1 < grid.rows && !link_torn(torn, 2)) link(node, node + grid.columns, along_column);
      }
    }
  }
  auto listed_in_grid = [&](size_t index, bool spring) {
    for (const GridLayout& grid : model.grids) {
      if (spring ? in_range(index, grid.first_spring, grid.spring_count)
                 : in_range(index, grid.first_constraint, grid.constraint_count)) {
        return true;
      }
    }
    return false;
  };
  for (size_t s = 0; s < model.springs.size(); ++s) {
    const Spring& spring = model.springs[s];
    if (!listed_in_grid(s, true)) link(spring.a, spring.b, spring.rest_length);
  }
  for (size_t c = 0; c < model.constraints.size(); ++c) {
    const DistanceConstraint& constraint = model.constraints[c];
    if (!listed_in_grid(c, false)) link(constraint.a, constraint.b, constraint.rest_length);
  }
  if (report.links > 0) {
    report.mean = sum / double(report.links);
    if (report.max < 0.0) report.max = 0.0;
    const glm::dvec3 middle =
        0.5 * (glm::dvec3(positions[report.a]) + glm::dvec3(positions[report.b]));
    for (uint32_t p = 0; p < model.particle_count(); ++p) {
      if (model.inverse_masses[p] != 0.0f) continue;
      const double distance = glm::length(glm::dvec3(positions[p]) - middle);
      if (!report.nearest_pin || distance < report.pin_distance) {
        report.nearest_pin = p;
        report.pin_distance = distance;
      }
    }
  }
  return report;
}

}  // namespace weft
