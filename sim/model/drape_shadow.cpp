#include "sim/model/drape_shadow.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <glm/geometric.hpp>

#include "sim/model/surface_area.h"

namespace weft {

namespace {

// Cells of one side `size` m from `origin` (x, z): cell (i, j) covers
// [origin + i size, origin + (i + 1) size) along x and the same along z, and is shadowed when its
// centre is.
class ShadowCells {
 public:
  ShadowCells(glm::dvec2 origin, double size, uint32_t columns, uint32_t rows)
      : origin_(origin),
        size_(size),
        columns_(columns),
        rows_(rows),
        shadowed_(size_t{columns} * rows) {}

  // Shadows every cell whose centre lies in the triangle (a, b, c), given in metres (x, z).
  // Each row of centres crosses a triangle in one interval, found from the edges it meets.
  void add_triangle(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c) {
    a = in_cells(a);
    b = in_cells(b);
    c = in_cells(c);
    const double low = std::min({a.y, b.y, c.y});
    const double high = std::max({a.y, b.y, c.y});
    const glm::dvec2 edges[3][2] = {{a, b}, {b, c}, {c, a}};
    for (int64_t j = first_centre(low, rows_); j <= last_centre(high, rows_); ++j) {
      const double z = double(j) + 0.5;
      double left = std::numeric_limits<double>::infinity();
      double right = -left;
      for (const auto& edge : edges) {
        const glm::dvec2 p = edge[0], q = edge[1];
        if (z < std::min(p.y, q.y) || z > std::max(p.y, q.y)) continue;
        // An edge along the row holds both its ends; any other meets the row once.
        const double t = p.y == q.y ? 0.0 : (z - p.y) / (q.y - p.y);
        const double x = p.x + t * (q.x - p.x);
        left = std::min({left, x, p.y == q.y ? q.x : x});
        right = std::max({right, x, p.y == q.y ? q.x : x});
      }
      if (left <= right) shadow_row(j, left, right);
    }
  }

  // Shadows every cell whose centre lies in the disc.
  void add_disc(glm::dvec2 center, double radius) {
    const glm::dvec2 c = in_cells(center);
    const double r = radius / size_;
    for (int64_t j = first_centre(c.y - r, rows_); j <= last_centre(c.y + r, rows_); ++j) {
      const double dz = double(j) + 0.5 - c.y;
      const double half = std::sqrt(std::max(0.0, r * r - dz * dz));
      shadow_row(j, c.x - half, c.x + half);
    }
  }

  double area() const {
    const auto cells = std::count(shadowed_.begin(), shadowed_.end(), uint8_t{1});
    return double(cells) * size_ * size_;
  }

 private:
  glm::dvec2 in_cells(glm::dvec2 p) const { return (p - origin_) / size_; }

  // The first and last cell whose centre (k + 0.5) lies at or after `from`, at or before `to`,
  // within the count of cells.
  static int64_t first_centre(double from, uint32_t count) {
    return std::clamp<int64_t>(int64_t(std::ceil(from - 0.5)), 0, count);
  }
  static int64_t last_centre(double to, uint32_t count) {
    return std::clamp<int64_t>(int64_t(std::floor(to - 0.5)), -1, int64_t{count} - 1);
  }

  void shadow_row(int64_t row, double left, double right) {
    const int64_t first = first_centre(left, columns_), last = last_centre(right, columns_);
    if (first > last) return;
    uint8_t* cells = shadowed_.data() + size_t(row) * columns_;
    std::fill(cells + first, cells + last + 1, uint8_t{1});
  }

  glm::dvec2 origin_;
  double size_;
  uint32_t columns_, rows_;
  std::vector<uint8_t> shadowed_;
};

glm::dvec2 from_above(const glm::vec3& p) {
  return {double{p.x}, double{p.z}};
}

bool is_finite_point(const glm::vec3& p) {
  return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
}

}  // namespace

double shadow_area(const std::vector<glm::vec3>& positions,
                   const std::vector<glm::uvec3>& triangles, const DrapeSupport& support,
                   double cell_size, double* cell_size_used) {
  // The extent: the support's square and every corner of a triangle (a NaN corner, which only a
  // blown-up run has, casts no shadow).
  glm::dvec2 low = support.center - support.radius;
  glm::dvec2 high = support.center + support.radius;
  for (const glm::uvec3& t : triangles) {
    for (int k = 0; k < 3; ++k) {
      const glm::vec3& p = positions.at(t[k]);
      if (!is_finite_point(p)) continue;
      low = glm::min(low, from_above(p));
      high = glm::max(high, from_above(p));
    }
  }
  const glm::dvec2 extent = high - low;
  const double size = std::max(cell_size, std::max(extent.x, extent.y) / kMaxDrapeCellsPerSide);
  if (cell_size_used) *cell_size_used = size;
  const auto cells = [size](double length) {
    return std::clamp<uint32_t>(uint32_t(std::ceil(length / size)), 1, kMaxDrapeCellsPerSide);
  };
  ShadowCells shadow(low, size, cells(extent.x), cells(extent.y));
  shadow.add_disc(support.center, support.radius);
  for (const glm::uvec3& t : triangles) {
    const glm::vec3 &a = positions[t.x], &b = positions[t.y], &c = positions[t.z];
    if (is_finite_point(a) && is_finite_point(b) && is_finite_point(c)) {
      shadow.add_triangle(from_above(a), from_above(b), from_above(c));
    }
  }
  return shadow.area();
}

DrapeMeasurement measure_drape(const std::vector<glm::vec3>& positions,
                               const std::vector<glm::vec3>& rest_positions,
                               const std::vector<glm::uvec3>& triangles,
                               const DrapeSupport& support) {
  DrapeMeasurement m;
  m.shadow_area = shadow_area(positions, triangles, support, kDrapeCellSize, &m.cell_size);
  m.support_area = std::numbers::pi * support.radius * support.radius;
  m.specimen_area = surface_area(rest_positions, triangles);
  const double ring = m.specimen_area - m.support_area;
  m.coefficient = ring > 0.0 ? (m.shadow_area - m.support_area) / ring
                             : std::numeric_limits<double>::quiet_NaN();
  return m;
}

}  // namespace weft
