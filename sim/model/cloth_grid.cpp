#include "sim/model/cloth_grid.h"

#include <cmath>
#include <cstdio>
#include <string>

#include <glm/geometric.hpp>

#include "sim/model/grid_layout.h"
#include "sim/model/host_memory.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

ClothGridCounts count_cloth_grid(uint32_t columns, uint32_t rows) {
  const uint64_t c = columns;
  const uint64_t r = rows;
  ClothGridCounts counts;
  counts.particles = c * r;
  counts.structural = (c - 1) * r + c * (r - 1);
  counts.shear = 2 * (c - 1) * (r - 1);
  counts.bend = (c >= 2 ? (c - 2) * r : 0) + (r >= 2 ? c * (r - 2) : 0);
  counts.triangles = 2 * (c - 1) * (r - 1);
  return counts;
}

uint32_t grid_corner(const ClothGridDesc& cloth, GridCorner corner) {
  const uint32_t last_column = cloth.columns - 1;
  const uint32_t last_row_start = (cloth.rows - 1) * cloth.columns;
  switch (corner) {
    case GridCorner::first_row_first_column: return 0;
    case GridCorner::first_row_last_column: return last_column;
    case GridCorner::last_row_first_column: return last_row_start;
    case GridCorner::last_row_last_column: return last_row_start + last_column;
  }
  return 0;
}

float cloth_node_mass(const ClothGridDesc& cloth, uint32_t column, uint32_t row) {
  if (!(cloth.areal_density > 0.0f)) return cloth.particle_mass;
  const double cell =
      glm::length(glm::cross(glm::dvec3(cloth.width_axis) / double(cloth.columns - 1),
                             glm::dvec3(cloth.height_axis) / double(cloth.rows - 1)));
  const double across = column == 0 || column + 1 == cloth.columns ? 0.5 : 1.0;
  const double along = row == 0 || row + 1 == cloth.rows ? 0.5 : 1.0;
  return static_cast<float>(double{cloth.areal_density} * cell * across * along);
}

float mean_node_mass(const ClothGridDesc& cloth) {
  if (!(cloth.areal_density > 0.0f)) return cloth.particle_mass;
  const double area =
      glm::length(glm::cross(glm::dvec3(cloth.width_axis), glm::dvec3(cloth.height_axis)));
  return static_cast<float>(double{cloth.areal_density} * area /
                            (double(cloth.columns) * double(cloth.rows)));
}

uint32_t add_cloth_grid(Model& model, const ClothGridDesc& cloth) {
  if (cloth.columns < 2 || cloth.rows < 2) {
    throw ModelError("cloth: the grid needs at least 2 x 2 nodes, got " +
                     std::to_string(cloth.columns) + " x " + std::to_string(cloth.rows));
  }
  const uint64_t count = uint64_t{cloth.columns} * cloth.rows;
  if (count > 0xffffffffull - model.particle_count()) {
    throw ModelError("cloth: " + std::to_string(cloth.columns) + " x " +
                     std::to_string(cloth.rows) + " nodes do not fit 32-bit particle indices");
  }
  if (!std::isfinite(cloth.areal_density) || cloth.areal_density < 0.0f) {
    throw ModelError("cloth: areal_density must be finite and >= 0 kg/m^2, got " +
                     std::to_string(cloth.areal_density));
  }
  if (cloth.areal_density == 0.0f &&
      (!std::isfinite(cloth.particle_mass) || cloth.particle_mass <= 0.0f)) {
    throw ModelError("cloth: particle_mass must be > 0 kg, got " +
                     std::to_string(cloth.particle_mass));
  }
  const glm::vec3 across = glm::cross(cloth.width_axis, cloth.height_axis);
  if (!(glm::length(across) > 0.0f)) {
    throw ModelError("cloth: width_axis and height_axis must be non-zero and not parallel");
  }
  check_link_material(cloth.structural, "cloth structural link");
  check_link_material(cloth.shear, "cloth shear link");
  check_link_material(cloth.bend, "cloth bend link");
  if (!std::isfinite(cloth.bending_stiffness) || cloth.bending_stiffness < 0.0f) {
    throw ModelError("cloth: bending_stiffness must be finite and >= 0 N m, got " +
                     std::to_string(cloth.bending_stiffness));
  }
  if (!std::isfinite(cloth.break_strain) || cloth.break_strain < 0.0f) {
    throw ModelError("cloth: break_strain must be finite and >= 0 (0: never tears), got " +
                     std::to_string(cloth.break_strain));
  }
  if (cloth.break_strain > 0.0f && (has_spring(cloth.structural.kind) ||
                                    has_spring(cloth.shear.kind) || has_spring(cloth.bend.kind))) {
    throw ModelError(
        "cloth: a cloth that tears (break_strain > 0) needs its links as constraints, not "
        "springs");
  }
  for (uint32_t pin : cloth.pinned) {
    if (pin >= count) {
      throw ModelError("cloth: pinned node " + std::to_string(pin) +
                       " does not exist (the grid has " + std::to_string(count) + " nodes)");
    }
  }

  // Building, packing and running a grid holds, per particle, its state in the model, packed and
  // in the solver, and, when its links are listed, about 12 link entries in each of the model,
  // the adjacency and the colouring. Measured peaks at 1024 x 1024: 430 B per particle (listed,
  // CPU reference) and 254 B (grid path on lavapipe, whose device memory is host memory too).
  const uint64_t bytes_per_particle = cloth.list_links ? 512 : 256;
  const uint64_t host = host_memory_bytes();
  if (host > 0 && count * bytes_per_particle > host) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "cloth: a %u x %u grid needs about %.1f GiB of host memory to build, and this "
                  "machine has %.1f GiB",
                  cloth.columns, cloth.rows,
                  static_cast<double>(count * bytes_per_particle) / (1 << 30),
                  static_cast<double>(host) / (1 << 30));
    throw ModelError(text);
  }
  const uint32_t first = model.particle_count();
  const uint32_t columns = cloth.columns;
  const uint32_t rows = cloth.rows;
  model.positions.reserve(model.positions.size() + count);
  model.velocities.reserve(model.velocities.size() + count);
  model.inverse_masses.reserve(model.inverse_masses.size() + count);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < columns; ++c) {
      const float u = static_cast<float>(c) / static_cast<float>(columns - 1);
      const float v = static_cast<float>(r) / static_cast<float>(rows - 1);
      model.add_particle(cloth.origin + u * cloth.width_axis + v * cloth.height_axis,
                         1.0f / cloth_node_mass(cloth, c, r));
    }
  }
  for (uint32_t pin : cloth.pinned)
    model.inverse_masses[first + pin] = 0.0f;

  GridLayout layout;
  layout.first_particle = first;
  layout.columns = columns;
  layout.rows = rows;
  layout.column_step = cloth.width_axis / static_cast<float>(columns - 1);
  layout.row_step = cloth.height_axis / static_cast<float>(rows - 1);
  layout.structural = cloth.structural;
  layout.shear = cloth.shear;
  layout.bend = cloth.bend;
  layout.bending_stiffness = cloth.bending_stiffness;
  layout.break_strain = cloth.break_strain;
  layout.links_listed = cloth.list_links;
  layout.first_spring = model.springs.size();
  layout.first_constraint = model.constraints.size();
  if (cloth.list_links) {
    // Links from the nodes' actual positions (add_link), offset to this grid's first particle.
    for_each_grid_link(layout, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t) {
      static const char* kNames[] = {"cloth structural link", "cloth shear link",
                                     "cloth bend link"};
      add_link(model, first + a, first + b, grid_material(layout, kind),
               kNames[static_cast<uint32_t>(kind)]);
    });
  }
  layout.spring_count = model.springs.size() - layout.first_spring;
  layout.constraint_count = model.constraints.size() - layout.first_constraint;
  model.triangles.reserve(model.triangles.size() + 2 * size_t{columns - 1} * (rows - 1));
  auto node = [&](uint32_t c, uint32_t r) { return first + r * columns + c; };
  for (uint32_t r = 0; r + 1 < rows; ++r) {
    for (uint32_t c = 0; c + 1 < columns; ++c) {
      model.triangles.push_back({node(c, r), node(c + 1, r), node(c + 1, r + 1)});
      model.triangles.push_back({node(c, r), node(c + 1, r + 1), node(c, r + 1)});
    }
  }
  model.grids.push_back(layout);
  if (cloth.tether_scale > 0.0f)
    model.tether_groups.push_back(
        {first, static_cast<uint32_t>(count), cloth.tether_scale, cloth.tether_link_scale});
  if (cloth.friction)
    model.surface_frictions.push_back({first, static_cast<uint32_t>(count), *cloth.friction});
  return first;
}

}  // namespace weft
