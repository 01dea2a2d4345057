#include "sim/model.h"

namespace weft {

uint32_t Model::add_particle(const glm::vec3& position, float inverse_mass) {
  positions.push_back(position);
  velocities.push_back(glm::vec3(0.0f));
  inverse_masses.push_back(inverse_mass);
  return static_cast<uint32_t>(positions.size() - 1);
}

}  // namespace weft
