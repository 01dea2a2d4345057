// How close the particles of the contact groups come to each other, counting only pairs that are
// not neighbours in the rest mesh: what self-collision must keep apart (self_collision.h). `weft
// run` prints it after a run; the scene loader uses it to refuse a thickness the cloth cannot
// have at rest. Brute force over a sorted grid of cells, on the CPU: for reports, not for frames.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/model.h"

namespace weft {

struct ContactReport {
  uint32_t particles = 0;  // in the contact groups
  // Pairs closer than their thickness (the mean of their objects'), and than half of it.
  uint64_t closer_than_thickness = 0;
  uint64_t closer_than_half = 0;
  // The pair closest for its thickness (smallest distance / thickness), if any pair is closer
  // than its thickness.
  bool has_closest = false;
  uint32_t closest_a = 0;
  uint32_t closest_b = 0;
  double closest_distance = 0.0;   // m
  double closest_thickness = 0.0;  // m
};

// positions: one per particle of the model; triangles: the model's (they say who neighbours whom).
ContactReport measure_contacts(const std::vector<glm::vec3>& positions,
                               const std::vector<glm::uvec3>& triangles,
                               const std::vector<ContactGroup>& groups);

}  // namespace weft
