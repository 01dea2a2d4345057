#include "sim/model.h"

#include <string>

#include "sim/model_error.h"

namespace weft {

uint32_t Model::add_particle(const glm::vec3& position, float inverse_mass) {
  positions.push_back(position);
  velocities.push_back(glm::vec3(0.0f));
  inverse_masses.push_back(inverse_mass);
  return static_cast<uint32_t>(positions.size() - 1);
}

void Model::prepare_to_add_object(const char* what) {
  if (grid && !grid->links_listed) {
    throw ModelError(std::string("cannot add a ") + what +
                     ": the model holds a cloth grid whose links are not listed, and nothing else");
  }
  grid.reset();
}

}  // namespace weft
