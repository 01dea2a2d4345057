// The area of a set of triangles (m^2), summed in double: a mesh's for its mass, a cloth's for
// the air on it and for a drape test's flat specimen.
#pragma once

#include <vector>

#include <glm/vec3.hpp>

namespace weft {

double surface_area(const std::vector<glm::vec3>& positions,
                    const std::vector<glm::uvec3>& triangles);

}  // namespace weft
