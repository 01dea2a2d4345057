#include "sim/model/rest_neighbours.h"

#include <algorithm>

namespace weft {

bool RestNeighbours::are_neighbours(uint32_t a, uint32_t b) const {
  const auto first = list.begin() + offsets[a];
  const auto end = list.begin() + offsets[a + 1];
  return std::binary_search(first, end, b);
}

RestNeighbours find_rest_neighbours(uint32_t particle_count,
                                    const std::vector<glm::uvec3>& triangles) {
  // Each triangle gives each corner its two others; a particle's list is then sorted and
  // deduplicated in place, in one pass over a counted layout.
  std::vector<uint32_t> counts(particle_count + 1, 0);
  for (const glm::uvec3& t : triangles) {
    counts[t.x] += 2;
    counts[t.y] += 2;
    counts[t.z] += 2;
  }
  std::vector<uint32_t> starts(particle_count + 1, 0);
  for (uint32_t i = 0; i < particle_count; ++i)
    starts[i + 1] = starts[i] + counts[i];
  std::vector<uint32_t> raw(starts[particle_count]);
  std::vector<uint32_t> fill(starts.begin(), starts.end() - 1);
  for (const glm::uvec3& t : triangles) {
    const uint32_t corners[3] = {t.x, t.y, t.z};
    for (int c = 0; c < 3; ++c) {
      raw[fill[corners[c]]++] = corners[(c + 1) % 3];
      raw[fill[corners[c]]++] = corners[(c + 2) % 3];
    }
  }
  RestNeighbours result;
  result.offsets.assign(particle_count + 1, 0);
  result.list.reserve(raw.size() / 2);
  for (uint32_t i = 0; i < particle_count; ++i) {
    const auto first = raw.begin() + starts[i];
    const auto end = raw.begin() + starts[i + 1];
    std::sort(first, end);
    result.list.insert(result.list.end(), first, std::unique(first, end));
    result.offsets[i + 1] = static_cast<uint32_t>(result.list.size());
  }
  return result;
}

}  // namespace weft
