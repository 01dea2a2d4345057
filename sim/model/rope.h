// A rope as GAMES101's Rope(start, end, num_nodes, node_mass, k, pinned_nodes): node_count masses
// evenly spaced from start to end inclusive, consecutive nodes linked.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/link.h"

namespace weft {

struct Model;

struct RopeDesc {
  glm::vec3 start{0.0f};
  glm::vec3 end{1.0f, 0.0f, 0.0f};
  uint32_t node_count = 2;       // including both ends, >= 2
  float node_mass = 1.0f;        // kg, > 0
  LinkMaterial segment;          // each link between consecutive nodes
  std::vector<uint32_t> pinned;  // node indices that never move (0 .. node_count - 1)
};

// Appends the rope to the model and returns the index of its first particle.
uint32_t add_rope(Model& model, const RopeDesc& rope);

}  // namespace weft
