// For every particle of an object, its nearest pinned particles along the object: a search from
// all pins at once over the rest shape's links (Dijkstra with several sources), keeping the
// closest few distinct pins per particle. What the tethers attach to (modules/tethers.h); kept
// per object so that the search can run again when particles are pinned or freed.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/model.h"

namespace weft {

struct PinDistance {
  uint32_t pin = 0xffffffffu;  // particle index
  float distance = 0.0f;       // m, along the rest shape
};

class RestShape {
 public:
  // The group's rest positions and the links between its particles (springs, constraints, the
  // structural and shear links of its cloth grids) at their rest lengths.
  RestShape(const Model& model, const TetherGroup& group);

  const TetherGroup& group() const { return group_; }
  // The group's limits changed (a material edit): the same particles, new scales.
  void rescale(const TetherGroup& group) {
    group_.scale = group.scale;
    group_.link_scale = group.link_scale;
  }
  // Up to `count` nearest pins of each particle of the group (indexed from the group's first
  // particle), nearest first, for these inverse masses (one per particle of the model, 0 pins).
  // Within a cloth grid, whose rest shape is flat, a pin's distance is the straight line to it.
  std::vector<std::vector<PinDistance>> nearest_pins(const std::vector<float>& inverse_masses,
                                                     uint32_t count) const;
  // Where a particle of the group lies at rest.
  const glm::vec3& rest_position(uint32_t particle) const {
    return positions_[particle - group_.first_particle];
  }

 private:
  TetherGroup group_;
  std::vector<glm::vec3> positions_;                 // local index -> rest position
  std::vector<uint32_t> offsets_;                    // CSR over local indices
  std::vector<std::pair<uint32_t, float>> edges_;    // (neighbour, rest length)
  std::vector<std::pair<uint32_t, uint32_t>> flat_;  // local [first, end) ranges of cloth grids
};

}  // namespace weft
