// The springs of each particle, as the force gather walks them: particle i's springs are
// refs[offsets[i] .. offsets[i + 1]), in the order of the model's spring list. Both solvers sum
// in this order, so the CPU reference adds the same terms in the same sequence as the GPU.
#pragma once

#include <cstdint>
#include <vector>

#include "shaders/springs.h"

namespace weft {

struct Spring;

struct SpringAdjacency {
  std::vector<uint32_t> offsets;     // particle_count + 1 entries
  std::vector<gpu::SpringRef> refs;  // two per spring, one from each end
};

SpringAdjacency build_spring_adjacency(uint32_t particle_count, const std::vector<Spring>& springs);

}  // namespace weft
