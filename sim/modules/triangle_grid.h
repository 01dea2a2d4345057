// Where a collider mesh's triangles are, for the CPU reference's contacts (colliders.h): a uniform
// grid over the mesh's local bounds whose cells list, in increasing order, the triangles whose
// bounding boxes reach into them. collide.comp tests a particle against every triangle of a mesh
// in turn; a triangle further from the particle than its margin, which the particle has not
// passed through, leaves it unchanged, so the CPU tests only the triangles the grid finds near the
// particle, in the same order, with the same arithmetic: the same answer, in a drape test's frame
// a small part of the time.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace weft {

class TriangleGrid {
 public:
  TriangleGrid() = default;
  // The triangles first .. first + count - 1 of `corners` (three corners each).
  TriangleGrid(const std::vector<glm::vec4>& corners, uint32_t first, uint32_t count);

  // Every triangle at or after `from` whose bounding box meets the box [lo, hi] (finite), in
  // increasing order, into `triangles` (cleared first); it may list a few more.
  void near(const glm::dvec3& lo, const glm::dvec3& hi, uint32_t from,
            std::vector<uint32_t>& triangles) const;

 private:
  glm::dvec3 origin_{0.0};
  glm::dvec3 cell_{1.0};
  glm::ivec3 cells_{0};
  std::vector<uint32_t> first_;      // per cell, where its triangles start in `triangles_`
  std::vector<uint32_t> triangles_;  // per cell, its triangles' indices, increasing

  glm::ivec3 cell_of(const glm::dvec3& p) const;
};

}  // namespace weft
