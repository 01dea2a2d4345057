// Bending as a linear element over three or four particles (Bergou, Wardetzky, Harmon, Zorin
// and Grinspun 2006, "A quadratic bending model for inextensible surfaces"): C = sum c_k x_k is a
// vector that is zero when its particles lie flat as at rest, and the element stores
// E = |C|^2 / (2 compliance). The coefficients and compliance come from the rest shape and the
// material's bending stiffness B (N m), so that E is B/2 times the squared curvature integrated
// over the element's share of the surface: the same bending at any resolution.
//   cloth grids: three consecutive nodes along a row or a column, c = (1, -2, 1)
//   triangle meshes: the four vertices of two triangles sharing an edge
// The energy is quadratic in the positions, so its XPBD projection is exact in one step. The
// coefficients sum to 0 (C vanishes when the element moves whole), so the solvers take C over the
// particles' offsets from the first, which rounding cannot blur far from the origin.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

namespace weft {

struct GridLayout;

struct BendingElement {
  std::array<uint32_t, 4> particles{};  // the fourth is unused (coefficient 0) for three
  std::array<float, 4> coefficients{};
  float compliance = 0.0f;  // 1 / stiffness, m/N
  // The share of the element's area on the side of particles[2] (the rest is particles[3]'s, or
  // particles[0]'s for three nodes). Held on one side only, the element bends over its free
  // side's share alone: a clamp, stiffer by 1 / share.
  float side_share = 0.5f;
};

// The compliance of a grid's elements along each axis: along rows (between nodes one column
// step apart) and along columns. Node spacing along / across the axis: B across / along^3.
float grid_bending_compliance(float bending_stiffness, float along, float across);

// The element of the hinge between triangles (a, b, c) and (b, a, d) sharing edge a-b, from their
// rest positions; false when a triangle is degenerate.
bool hinge_bending(const std::array<uint32_t, 4>& particles, const std::array<glm::vec3, 4>& rest,
                   float bending_stiffness, BendingElement& element);

}  // namespace weft
