#include "sim/model/triangle_corners.h"

namespace weft {

CornerAdjacency build_corner_adjacency(uint32_t vertex_count,
                                       std::span<const glm::uvec3> triangles) {
  CornerAdjacency adjacency;
  adjacency.offsets.assign(size_t{vertex_count} + 1, 0);
  for (const glm::uvec3& t : triangles) {
    for (int k = 0; k < 3; ++k)
      ++adjacency.offsets[t[k] + 1];
  }
  for (uint32_t i = 0; i < vertex_count; ++i)
    adjacency.offsets[i + 1] += adjacency.offsets[i];
  adjacency.corners.resize(adjacency.offsets.back());
  std::vector<uint32_t> filled(adjacency.offsets.begin(), adjacency.offsets.end() - 1);
  for (const glm::uvec3& t : triangles) {
    // Rotating (a, b, c) keeps its winding: b sees (c, a), c sees (a, b).
    for (int k = 0; k < 3; ++k) {
      adjacency.corners[filled[t[k]]++] = {t[(k + 1) % 3], t[(k + 2) % 3]};
    }
  }
  return adjacency;
}

}  // namespace weft
