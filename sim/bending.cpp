#include "sim/bending.h"

#include <cmath>

#include <glm/geometric.hpp>

#include "sim/grid_layout.h"

namespace weft {

float grid_bending_compliance(float bending_stiffness, float along, float across) {
  // A bend by angle theta at the middle node: the element's C is theta * along, and the curvature
  // theta / along over the element's share of the surface, along x across, stores
  // B/2 (theta / along)^2 along across = |C|^2 / 2 * (B across / along^3).
  return along * along * along / (bending_stiffness * across);
}

void append_grid_bending(const GridLayout& grid, float bending_stiffness,
                         std::vector<BendingElement>& elements) {
  if (!(bending_stiffness > 0.0f)) return;
  const float du = glm::length(grid.column_step);
  const float dv = glm::length(grid.row_step);
  const float along_rows = grid_bending_compliance(bending_stiffness, du, dv);
  const float along_columns = grid_bending_compliance(bending_stiffness, dv, du);
  auto node = [&](uint32_t c, uint32_t r) { return grid.first_particle + r * grid.columns + c; };
  for (uint32_t r = 0; r < grid.rows; ++r) {
    for (uint32_t c = 0; c < grid.columns; ++c) {
      if (c > 0 && c + 1 < grid.columns) {
        elements.push_back({{node(c - 1, r), node(c, r), node(c + 1, r), 0u},
                            {1.0f, -2.0f, 1.0f, 0.0f},
                            along_rows});
      }
      if (r > 0 && r + 1 < grid.rows) {
        elements.push_back({{node(c, r - 1), node(c, r), node(c, r + 1), 0u},
                            {1.0f, -2.0f, 1.0f, 0.0f},
                            along_columns});
      }
    }
  }
}

bool hinge_bending(const std::array<uint32_t, 4>& particles, const std::array<glm::vec3, 4>& rest,
                   float bending_stiffness, BendingElement& element) {
  // Unfold the two triangles into the plane of the first: the coefficients are the one
  // combination (up to scale) that vanishes on every flat, rest-like placement of the four
  // points: sum c_k = 0 and sum c_k p_k = 0 in 2D. Shared edge a-b, c on one side, d on the other.
  const glm::dvec3 a(rest[0]), b(rest[1]), c(rest[2]), d(rest[3]);
  const glm::dvec3 e = b - a;
  const double length = glm::length(e);
  if (!(length > 0.0)) return false;
  const glm::dvec3 u = e / length;
  auto unfold = [&](const glm::dvec3& p, double side) {
    const glm::dvec3 q = p - a;
    const double x = glm::dot(q, u);
    const double y = glm::length(q - x * u);
    return glm::dvec2(x, side * y);
  };
  const glm::dvec2 p0(0.0, 0.0), p1(length, 0.0), p2 = unfold(c, 1.0), p3 = unfold(d, -1.0);
  if (!(p2.y > 0.0) || !(p3.y < 0.0)) return false;
  // c2 and c3 balance across the edge (their y), then c0 and c1 close sum c = 0, sum c x = 0.
  const double c2 = 1.0 / p2.y;
  const double c3 = -1.0 / p3.y;
  const double c1 = -(c2 * p2.x + c3 * p3.x) / length;
  const double c0 = -(c1 + c2 + c3);
  // Scale: folding d by a small angle theta about the edge moves it by theta * |p3.y| out of the
  // plane, so |C| = |c3| theta |p3.y| = theta. The hinge stores B/2 3 |e|^2 / (A0 + A1) theta^2
  // (discrete shells: curvature theta |e| / A over a third of the two triangles' area A).
  const double areas = 0.5 * length * (p2.y - p3.y);
  const double stiffness = bending_stiffness * 3.0 * length * length / areas;
  element.particles = particles;
  element.coefficients = {float(c0), float(c1), float(c2), float(c3)};
  element.compliance = float(1.0 / stiffness);
  return true;
}

}  // namespace weft
