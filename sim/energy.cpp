#include "sim/energy.h"

#include <glm/geometric.hpp>

namespace weft {

template <typename Real>
Energy measure_energy(const PackedModel& model, const ParticleState<Real>& state,
                      const std::vector<glm::vec<3, Real>>& velocities) {
  using vec3 = glm::vec<3, double>;
  Energy energy;
  const vec3 gravity(glm::vec3(model.params.gravity));
  for (size_t i = 0; i < state.positions.size(); ++i) {
    const double w = state.positions[i].w;
    if (w == 0.0) continue;
    const double mass = 1.0 / w;
    const vec3 v(velocities[i]);
    energy.kinetic += 0.5 * mass * glm::dot(v, v);
    energy.gravitational -= mass * glm::dot(gravity, vec3(state.positions[i]));
  }
  if (model.grid_path) {
    // The grid path lists no links: walk the grid's (rest lengths from its parameters).
    const gpu::GridParams& g = model.grid_params;
    auto rest = [&](uint32_t slot) {
      return slot < 4 ? g.rest_lengths[static_cast<glm::length_t>(slot)]
                      : g.bend_rest_lengths[static_cast<glm::length_t>(slot - 4)];
    };
    for_each_grid_link(*model.grid, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t slot) {
      const LinkMaterial& m = grid_material(*model.grid, kind);
      const double stretch =
          glm::length(vec3(state.positions[a]) - vec3(state.positions[b])) - rest(slot);
      if (has_spring(m.kind)) energy.elastic += 0.5 * m.stiffness * stretch * stretch;
      if (has_constraint(m.kind) && m.compliance > 0.0f) {
        energy.elastic += 0.5 * stretch * stretch / m.compliance;
      }
    });
    return energy;
  }
  for (size_t i = 0; i + 1 < model.springs.offsets.size(); ++i) {
    for (uint32_t k = model.springs.offsets[i]; k < model.springs.offsets[i + 1]; ++k) {
      const gpu::SpringRef& s = model.springs.refs[k];
      const double stretch =
          glm::length(vec3(state.positions[i]) - vec3(state.positions[s.other])) - s.rest_length;
      energy.elastic +=
          0.25 * s.stiffness * stretch * stretch;  // each spring is seen from both ends
    }
  }
  for (const gpu::DistanceConstraint& c : model.constraints.constraints) {
    if (c.compliance <= 0.0f) continue;  // inextensible: no stored energy
    const double stretch =
        glm::length(vec3(state.positions[c.a]) - vec3(state.positions[c.b])) - c.rest_length;
    energy.elastic += 0.5 * stretch * stretch / c.compliance;
  }
  return energy;
}

template Energy measure_energy(const PackedModel&, const ParticleState<float>&,
                               const std::vector<glm::vec<3, float>>&);
template Energy measure_energy(const PackedModel&, const ParticleState<double>&,
                               const std::vector<glm::vec<3, double>>&);

}  // namespace weft
