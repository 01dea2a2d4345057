#include "sim/modules/triangle_grid.h"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>

namespace weft {

namespace {

// At most this many cells in all: a mesh of a few thousand triangles needs far fewer.
constexpr double kMostCells = 1 << 18;

}  // namespace

TriangleGrid::TriangleGrid(const std::vector<glm::vec4>& corners, uint32_t first, uint32_t count) {
  if (count == 0) return;
  glm::dvec3 lo(corners[3 * size_t{first}]);
  glm::dvec3 hi = lo;
  double sizes = 0.0;  // the triangles' bounding boxes' longest sides, summed
  for (uint32_t t = first; t < first + count; ++t) {
    glm::dvec3 t_lo(corners[3 * size_t{t}]), t_hi = t_lo;
    for (uint32_t k = 1; k < 3; ++k) {
      t_lo = glm::min(t_lo, glm::dvec3(corners[3 * size_t{t} + k]));
      t_hi = glm::max(t_hi, glm::dvec3(corners[3 * size_t{t} + k]));
    }
    lo = glm::min(lo, t_lo);
    hi = glm::max(hi, t_hi);
    const glm::dvec3 side = t_hi - t_lo;
    sizes += std::max({side.x, side.y, side.z});
  }
  // Cells about twice a triangle's size, so that a particle's neighbourhood spans a few.
  const glm::dvec3 extent = hi - lo;
  const double longest = std::max({extent.x, extent.y, extent.z, 1e-9});
  double cell = std::max(2.0 * sizes / count, longest / 64.0);
  glm::dvec3 cells = glm::max(glm::ceil(extent / cell), glm::dvec3(1.0));
  while (cells.x * cells.y * cells.z > kMostCells) {
    cell *= 2.0;
    cells = glm::max(glm::ceil(extent / cell), glm::dvec3(1.0));
  }
  origin_ = lo;
  cell_ = glm::dvec3(cell);
  cells_ = glm::ivec3(cells);
  // Counted, then placed: each cell's triangles in increasing order.
  const size_t cell_count = size_t(cells_.x) * size_t(cells_.y) * size_t(cells_.z);
  std::vector<uint32_t> counts(cell_count + 1, 0);
  const auto each_cell = [&](uint32_t t, auto&& visit) {
    glm::dvec3 t_lo(corners[3 * size_t{t}]), t_hi = t_lo;
    for (uint32_t k = 1; k < 3; ++k) {
      t_lo = glm::min(t_lo, glm::dvec3(corners[3 * size_t{t} + k]));
      t_hi = glm::max(t_hi, glm::dvec3(corners[3 * size_t{t} + k]));
    }
    const glm::ivec3 a = cell_of(t_lo), b = cell_of(t_hi);
    for (int z = a.z; z <= b.z; ++z)
      for (int y = a.y; y <= b.y; ++y)
        for (int x = a.x; x <= b.x; ++x)
          visit((size_t(z) * size_t(cells_.y) + size_t(y)) * size_t(cells_.x) + size_t(x));
  };
  for (uint32_t t = first; t < first + count; ++t)
    each_cell(t, [&](size_t c) { ++counts[c + 1]; });
  for (size_t c = 0; c < cell_count; ++c)
    counts[c + 1] += counts[c];
  first_ = counts;
  triangles_.resize(counts.back());
  for (uint32_t t = first; t < first + count; ++t)
    each_cell(t, [&](size_t c) { triangles_[counts[c]++] = t; });
}

glm::ivec3 TriangleGrid::cell_of(const glm::dvec3& p) const {
  const glm::dvec3 at = glm::floor((p - origin_) / cell_);
  return glm::clamp(glm::ivec3(glm::clamp(at, glm::dvec3(-1.0), glm::dvec3(cells_))), glm::ivec3(0),
                    cells_ - 1);
}

void TriangleGrid::near(const glm::dvec3& lo, const glm::dvec3& hi, uint32_t from,
                        std::vector<uint32_t>& triangles) const {
  triangles.clear();
  if (cells_.x == 0) return;
  const glm::ivec3 a = cell_of(lo), b = cell_of(hi);
  for (int z = a.z; z <= b.z; ++z) {
    for (int y = a.y; y <= b.y; ++y) {
      for (int x = a.x; x <= b.x; ++x) {
        const size_t c = (size_t(z) * size_t(cells_.y) + size_t(y)) * size_t(cells_.x) + size_t(x);
        for (uint32_t k = first_[c]; k < first_[c + 1]; ++k) {
          if (triangles_[k] >= from) triangles.push_back(triangles_[k]);
        }
      }
    }
  }
  std::sort(triangles.begin(), triangles.end());
  triangles.erase(std::unique(triangles.begin(), triangles.end()), triangles.end());
}

}  // namespace weft
