// Distance constraints split into colours (element_coloring.h) and packed in colour order for the
// relaxation passes: no two constraints of one colour share a particle.
#pragma once

#include <cstdint>
#include <vector>

#include "shaders/distance_constraints.h"

namespace weft {

struct DistanceConstraint;

struct ColoredConstraints {
  std::vector<gpu::DistanceConstraint> constraints;  // sorted by colour, model order within one
  std::vector<uint32_t> color_offsets;  // colour c is [color_offsets[c], color_offsets[c + 1])
  uint32_t color_count() const {
    return color_offsets.empty() ? 0u : static_cast<uint32_t>(color_offsets.size() - 1);
  }
};

ColoredConstraints color_constraints(uint32_t particle_count,
                                     const std::vector<DistanceConstraint>& constraints);

}  // namespace weft
