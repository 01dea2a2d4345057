// Witkin's one-shot external forces waiting for the next frame: the first substep applies them,
// then they are gone. Forces on the same particle are summed here, so that the GPU pass has at
// most one entry per particle and needs no atomics.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include <glm/vec3.hpp>

#include "shaders/external_forces_layout.h"

namespace weft {

class ExternalForceQueue {
 public:
  void add(uint32_t particle, const glm::vec3& force);
  bool empty() const { return forces_.empty(); }
  // The queued forces in the order their particles were first named; clears the queue.
  std::vector<gpu::ExternalForce> take();

 private:
  std::vector<gpu::ExternalForce> forces_;
  std::unordered_map<uint32_t, size_t> slot_of_particle_;
};

}  // namespace weft
