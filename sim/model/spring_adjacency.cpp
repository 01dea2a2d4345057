#include "sim/model/spring_adjacency.h"

#include "sim/model/model.h"

namespace weft {

SpringAdjacency build_spring_adjacency(uint32_t particle_count,
                                       const std::vector<Spring>& springs) {
  SpringAdjacency adjacency;
  adjacency.offsets.assign(size_t{particle_count} + 1, 0);
  for (const Spring& s : springs) {
    ++adjacency.offsets[s.a + 1];
    ++adjacency.offsets[s.b + 1];
  }
  for (size_t i = 0; i < particle_count; ++i)
    adjacency.offsets[i + 1] += adjacency.offsets[i];

  adjacency.refs.resize(springs.size() * 2);
  std::vector<uint32_t> cursor(adjacency.offsets.begin(), adjacency.offsets.end() - 1);
  for (const Spring& s : springs) {
    adjacency.refs[cursor[s.a]++] = {s.b, s.rest_length, s.stiffness, s.damping};
    adjacency.refs[cursor[s.b]++] = {s.a, s.rest_length, s.stiffness, s.damping};
  }
  return adjacency;
}

}  // namespace weft
