#include "sim/model/bending_element.h"

#include <cmath>

#include <glm/geometric.hpp>

#include "sim/model/grid_layout.h"

namespace weft {

float grid_bending_compliance(float bending_stiffness, float along, float across) {
  // A bend by angle theta at the middle node: the element's C is theta * along, and the curvature
  // theta / along over the element's share of the surface, along x across, stores
  // B/2 (theta / along)^2 along across = |C|^2 / 2 * (B across / along^3).
  return along * along * along / (bending_stiffness * across);
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
  // plane, so |C| = |c3| theta |p3.y| = theta. The hinge stores B/2 |e|^2 / (A0 + A1) theta^2:
  // summed over the hinges of a regular mesh bent into a cylinder, that is B/2 times the squared
  // curvature over the area, as the grid's elements store (the discrete shells' weight
  // 3 |e|^2 / (A0 + A1) stores three times that: docs/physics.md, "How it bends").
  const double side_c = 0.5 * length * p2.y;
  const double areas = side_c - 0.5 * length * p3.y;
  const double stiffness = bending_stiffness * length * length / areas;
  element.particles = particles;
  element.coefficients = {float(c0), float(c1), float(c2), float(c3)};
  element.compliance = float(1.0 / stiffness);
  element.side_share = float(side_c / areas);
  return true;
}

}  // namespace weft
