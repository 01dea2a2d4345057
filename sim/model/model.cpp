#include "sim/model/model.h"

namespace weft {

uint32_t Model::add_particle(const glm::vec3& position, float inverse_mass) {
  positions.push_back(position);
  velocities.push_back(glm::vec3(0.0f));
  inverse_masses.push_back(inverse_mass);
  return static_cast<uint32_t>(positions.size() - 1);
}

std::vector<size_t> tearable_grids(const Model& model) {
  std::vector<size_t> grids;
  for (size_t g = 0; g < model.grids.size(); ++g) {
    if (model.grids[g].break_strain > 0.0f) grids.push_back(g);
  }
  return grids;
}

const TetherGroup* tether_group_holding(const Model& model, const GridLayout& grid) {
  for (const TetherGroup& group : model.tether_groups) {
    if (grid.first_particle >= group.first_particle &&
        grid.first_particle + grid.node_count() <=
            uint64_t{group.first_particle} + group.particle_count) {
      return &group;
    }
  }
  return nullptr;
}

}  // namespace weft
