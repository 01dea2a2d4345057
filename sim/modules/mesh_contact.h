// A particle against a triangle mesh collider, on the CPU: shaders/collide.comp's collide_mesh and
// its helpers (colliders.h runs them). Positions are in the collider's own frame.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vector_relational.hpp>

#include "shaders/colliders_layout.h"
#include "sim/core/cpu_forces.h"
#include "sim/modules/triangle_grid.h"

namespace weft::mesh_contact {

template <typename Real>
cpu::vec3<Real> closest_on_segment(const cpu::vec3<Real>& x, const cpu::vec3<Real>& a,
                                   const cpu::vec3<Real>& b) {
  const cpu::vec3<Real> ab = b - a;
  const Real t = glm::clamp(glm::dot(x - a, ab) / glm::dot(ab, ab), Real(0), Real(1));
  return a + t * ab;
}

// shaders/collide.comp's over_triangle: whether `p`, on the plane of the triangle abc (normal
// n), lies inside it.
template <typename Real>
bool over_triangle(const cpu::vec3<Real>& p, const cpu::vec3<Real>& a, const cpu::vec3<Real>& b,
                   const cpu::vec3<Real>& c, const cpu::vec3<Real>& n) {
  return glm::dot(glm::cross(b - a, p - a), n) >= Real(0) &&
         glm::dot(glm::cross(c - b, p - b), n) >= Real(0) &&
         glm::dot(glm::cross(a - c, p - c), n) >= Real(0);
}

// The unit normal of every mesh triangle, as collide.comp finds it for each particle: the same
// for all of them and for every substep (the corners are in the colliders' own frames), so the
// CPU finds them once, in both of its precisions.
template <typename Real>
std::vector<cpu::vec3<Real>> normals_of(const std::vector<glm::vec4>& corners) {
  std::vector<cpu::vec3<Real>> normals(corners.size() / 3);
  for (size_t t = 0; t < normals.size(); ++t) {
    const cpu::vec3<Real> a(corners[3 * t]);
    const cpu::vec3<Real> b(corners[3 * t + 1]);
    const cpu::vec3<Real> c(corners[3 * t + 2]);
    normals[t] = glm::normalize(glm::cross(b - a, c - a));
  }
  return normals;
}

struct TriangleNormals {
  TriangleNormals() = default;
  explicit TriangleNormals(const std::vector<glm::vec4>& corners)
      : in_float(normals_of<float>(corners)), in_double(normals_of<double>(corners)) {}

  template <typename Real>
  const std::vector<cpu::vec3<Real>>& in() const {
    if constexpr (std::is_same_v<Real, float>) {
      return in_float;
    } else {
      return in_double;
    }
  }

  std::vector<glm::vec3> in_float;
  std::vector<glm::dvec3> in_double;
};

// shaders/collide.comp's collide_mesh. The shader tests every triangle in turn; a triangle
// changes the particle only where it lies within the margin of it, or where the particle passed
// through it since the substep began. Where the particle moved less than its margin, both mean a
// triangle within the margin of where it is now: the grid's triangles near it, tested in the same
// order, give the same answer (and again after each triangle that moved it). Where it moved
// further, or where it is not a number, every triangle is tested.
template <typename Real>
bool collide_mesh(const gpu::ColliderShape& s, const std::vector<glm::vec4>& corners,
                  const std::vector<cpu::vec3<Real>>& normals, const TriangleGrid& grid, Real reach,
                  cpu::vec3<Real>& local, const cpu::vec3<Real>& local_prev,
                  cpu::vec3<Real>& n_local) {
  using vec3 = cpu::vec3<Real>;
  const vec3 lo(cpu::vec4<Real>(s.bounds_min));
  const vec3 hi(cpu::vec4<Real>(s.bounds_max));
  if (glm::any(glm::lessThan(glm::max(local, local_prev), lo - reach)) ||
      glm::any(glm::greaterThan(glm::min(local, local_prev), hi + reach))) {
    return false;
  }
  const Real margin = Real(s.size.x) + reach;
  // Whether triangle t moves the particle (and where to).
  const auto collide_triangle = [&](uint32_t t) {
    const vec3 a(corners[3 * t]);
    const vec3 b(corners[3 * t + 1]);
    const vec3 c(corners[3 * t + 2]);
    const vec3& n = normals[t];
    const Real h = glm::dot(local - a, n);
    const Real h_prev = glm::dot(local_prev - a, n);
    const Real side = h_prev >= Real(0) ? Real(1) : Real(-1);
    if (side * h >= margin) return false;
    const vec3 p = local - h * n;
    bool over = over_triangle(p, a, b, c, n);
    if (!over && side * h < Real(0)) {
      const vec3 crossing = local_prev + (local - local_prev) * (h_prev / (h_prev - h));
      over = over_triangle(crossing, a, b, c, n);
    }
    if (over) {
      local = p + (side * margin) * n;
      n_local = side * n;
      return true;
    }
    vec3 e = closest_on_segment(local, a, b);
    const vec3 e1 = closest_on_segment(local, b, c);
    if (glm::dot(local - e1, local - e1) < glm::dot(local - e, local - e)) e = e1;
    const vec3 e2 = closest_on_segment(local, c, a);
    if (glm::dot(local - e2, local - e2) < glm::dot(local - e, local - e)) e = e2;
    const vec3 d = local - e;
    const Real dist = glm::length(d);
    if (dist < margin && dist > Real(0)) {
      n_local = d / dist;
      local = e + n_local * margin;
      return true;
    }
    return false;
  };
  thread_local std::vector<uint32_t> near;
  const uint32_t end = s.first_triangle + s.triangle_count;
  bool hit = false;
  uint32_t next = s.first_triangle;
  while (next < end) {
    const vec3 moved = local - local_prev;
    const double position =
        std::max({std::abs(double(local.x)), std::abs(double(local.y)), std::abs(double(local.z))});
    if (!(glm::dot(moved, moved) <= Real(0.999) * margin * margin) || !std::isfinite(position)) {
      for (uint32_t t = next; t < end; ++t)
        hit = collide_triangle(t) || hit;
      return hit;
    }
    // The margin, and room for the rounding of the tests' arithmetic.
    const double room = 1.001 * double(margin) + 1e-6 * (1.0 + position);
    grid.near(glm::dvec3(local) - room, glm::dvec3(local) + room, next, near);
    next = end;
    for (uint32_t t : near) {
      if (collide_triangle(t)) {
        hit = true;
        next = t + 1;  // the particle moved: the triangles near where it is now
        break;
      }
    }
  }
  return hit;
}

}  // namespace weft::mesh_contact
