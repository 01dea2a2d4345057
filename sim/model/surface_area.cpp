#include "sim/model/surface_area.h"

#include <glm/geometric.hpp>

namespace weft {

double surface_area(const std::vector<glm::vec3>& positions,
                    const std::vector<glm::uvec3>& triangles) {
  double area = 0.0;
  for (const glm::uvec3& t : triangles) {
    const glm::dvec3 a(positions.at(t.x)), b(positions.at(t.y)), c(positions.at(t.z));
    area += 0.5 * glm::length(glm::cross(b - a, c - a));
  }
  return area;
}

}  // namespace weft
