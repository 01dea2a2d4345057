// Which particles are neighbours in the rest mesh: those that share a triangle. Contacts ignore
// them (self_collision.h), since their distance is the cloth's own business (its links), and the
// contact figures of `weft run` count only the other pairs (contact_report.h).
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

namespace weft {

struct RestNeighbours {
  // The neighbours of particle i are list[offsets[i], offsets[i + 1]), sorted, without repeats.
  std::vector<uint32_t> offsets;
  std::vector<uint32_t> list;

  bool are_neighbours(uint32_t a, uint32_t b) const;
};

RestNeighbours find_rest_neighbours(uint32_t particle_count,
                                    const std::vector<glm::uvec3>& triangles);

}  // namespace weft
