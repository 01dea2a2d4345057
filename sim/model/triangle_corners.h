// The triangles around each particle, as corners that keep their triangle's winding: what a
// per-particle gather over triangles walks (the air on the cloth in the solver, vertex normals in
// the renderer), so that no two threads write one particle.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/gpu_types.h"

namespace weft {

// Corners of vertex i are corners[offsets[i] .. offsets[i + 1]); offsets has vertex_count + 1
// entries. Each corner keeps its triangle's winding (see gpu::TriangleCorner).
struct CornerAdjacency {
  std::vector<uint32_t> offsets;
  std::vector<gpu::TriangleCorner> corners;
};
CornerAdjacency build_corner_adjacency(uint32_t vertex_count,
                                       std::span<const glm::uvec3> triangles);

}  // namespace weft
