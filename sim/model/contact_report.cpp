#include "sim/model/contact_report.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "sim/model/rest_neighbours.h"

namespace weft {

namespace {

struct CellEntry {
  glm::i64vec3 cell;
  uint32_t particle;
};

bool cell_less(const glm::i64vec3& a, const glm::i64vec3& b) {
  if (a.x != b.x) return a.x < b.x;
  if (a.y != b.y) return a.y < b.y;
  return a.z < b.z;
}

}  // namespace

ContactReport measure_contacts(const std::vector<glm::vec3>& positions,
                               const std::vector<glm::uvec3>& triangles,
                               const std::vector<ContactGroup>& groups) {
  ContactReport report;
  const auto n = static_cast<uint32_t>(positions.size());
  std::vector<double> thickness(n, 0.0);
  double widest = 0.0;
  for (const ContactGroup& group : groups) {
    for (uint32_t k = 0; k < group.particle_count; ++k)
      thickness[group.first_particle + k] = group.thickness;
    widest = std::max(widest, double{group.thickness});
    report.particles += group.particle_count;
  }
  if (!(widest > 0.0)) return report;
  const RestNeighbours neighbours = find_rest_neighbours(n, triangles);

  // Cells as wide as the widest thickness: a pair closer than its thickness is in the same cell
  // or in neighbouring ones.
  auto cell_of = [&](const glm::vec3& x) {
    return glm::i64vec3(glm::floor(glm::dvec3(x) / widest));
  };
  std::vector<CellEntry> cells;
  for (uint32_t i = 0; i < n; ++i) {
    const glm::vec3& x = positions[i];
    const bool finite = std::isfinite(x.x) && std::isfinite(x.y) && std::isfinite(x.z);
    if (thickness[i] > 0.0 && finite) cells.push_back({cell_of(x), i});
  }
  std::sort(cells.begin(), cells.end(), [](const CellEntry& a, const CellEntry& b) {
    return cell_less(a.cell, b.cell) || (a.cell == b.cell && a.particle < b.particle);
  });
  double best_ratio = 1.0;
  for (const CellEntry& entry : cells) {
    const uint32_t a = entry.particle;
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const glm::i64vec3 cell = entry.cell + glm::i64vec3(dx, dy, dz);
          auto range = std::equal_range(
              cells.begin(), cells.end(), CellEntry{cell, 0},
              [](const CellEntry& l, const CellEntry& r) { return cell_less(l.cell, r.cell); });
          for (auto it = range.first; it != range.second; ++it) {
            const uint32_t b = it->particle;
            if (b <= a || neighbours.are_neighbours(a, b)) continue;  // each pair once
            const double reach = 0.5 * (thickness[a] + thickness[b]);
            const double distance =
                glm::distance(glm::dvec3(positions[a]), glm::dvec3(positions[b]));
            if (!(distance < reach)) continue;
            ++report.closer_than_thickness;
            if (distance < 0.5 * reach) ++report.closer_than_half;
            if (distance / reach < best_ratio) {
              best_ratio = distance / reach;
              report.has_closest = true;
              report.closest_a = a;
              report.closest_b = b;
              report.closest_distance = distance;
              report.closest_thickness = reach;
            }
          }
        }
  }
  return report;
}

}  // namespace weft
