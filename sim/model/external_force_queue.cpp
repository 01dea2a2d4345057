#include "sim/model/external_force_queue.h"

#include <utility>

namespace weft {

void ExternalForceQueue::add(uint32_t particle, const glm::vec3& force) {
  auto [it, inserted] = slot_of_particle_.try_emplace(particle, forces_.size());
  if (inserted) {
    gpu::ExternalForce entry{};
    entry.particle = particle;
    forces_.push_back(entry);
  }
  forces_[it->second].force += glm::vec4(force, 0.0f);
}

std::vector<gpu::ExternalForce> ExternalForceQueue::take() {
  slot_of_particle_.clear();
  return std::exchange(forces_, {});
}

}  // namespace weft
