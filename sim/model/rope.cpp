#include "sim/model/rope.h"

#include <cmath>
#include <string>

#include <glm/geometric.hpp>

#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

uint32_t add_rope(Model& model, const RopeDesc& rope) {
  if (rope.node_count < 2) {
    throw ModelError("rope: node_count must be >= 2 (both ends included), got " +
                     std::to_string(rope.node_count));
  }
  if (!std::isfinite(rope.node_mass) || rope.node_mass <= 0.0f) {
    throw ModelError("rope: node_mass must be > 0 kg, got " + std::to_string(rope.node_mass));
  }
  if (!(glm::distance(rope.start, rope.end) > 0.0f)) {
    throw ModelError("rope: start and end coincide, so every segment would have zero rest length");
  }
  check_link_material(rope.segment, "rope segment");
  for (uint32_t pin : rope.pinned) {
    if (pin >= rope.node_count) {
      throw ModelError("rope: pinned node " + std::to_string(pin) +
                       " does not exist (the rope has " + std::to_string(rope.node_count) +
                       " nodes)");
    }
  }

  const uint32_t first = model.particle_count();
  for (uint32_t i = 0; i < rope.node_count; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(rope.node_count - 1);
    model.add_particle(rope.start + t * (rope.end - rope.start), 1.0f / rope.node_mass);
  }
  for (uint32_t pin : rope.pinned)
    model.inverse_masses[first + pin] = 0.0f;
  for (uint32_t i = 0; i + 1 < rope.node_count; ++i) {
    add_link(model, first + i, first + i + 1, rope.segment, "rope segment");
  }
  return first;
}

}  // namespace weft
