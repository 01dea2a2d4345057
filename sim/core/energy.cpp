#include "sim/core/energy.h"

#include <glm/geometric.hpp>

#include "sim/core/solver_core.h"

namespace weft {

template <typename Real>
Energy measure_energy(const SolverCore& core, const ParticleState<Real>& state,
                      const std::vector<glm::vec<3, Real>>& velocities) {
  using vec3 = glm::vec<3, double>;
  Energy energy;
  const vec3 gravity(glm::vec3(core.params().gravity));
  // Heights are the world's: the positions are in the model's frame (Model::origin).
  const vec3 origin = core.origin();
  for (size_t i = 0; i < state.positions.size(); ++i) {
    const double w = state.positions[i].w;
    if (w == 0.0) continue;
    const double mass = 1.0 / w;
    const vec3 v(velocities[i]);
    energy.kinetic += 0.5 * mass * glm::dot(v, v);
    energy.gravitational -= mass * glm::dot(gravity, vec3(state.positions[i]) + origin);
  }
  for (const auto& module : core.modules())
    energy.elastic += module->elastic_energy(state);
  return energy;
}

template <typename Real>
Energy measure_energy(const SolverCore& core, const ParticleState<Real>& state) {
  const gpu::SimParams& params = core.params();
  return measure_energy(
      core, state,
      particle_velocities(state, params.integrator == WEFT_INTEGRATOR_VERLET, params.dt));
}

template Energy measure_energy(const SolverCore&, const ParticleState<float>&);
template Energy measure_energy(const SolverCore&, const ParticleState<double>&);
template Energy measure_energy(const SolverCore&, const ParticleState<float>&,
                               const std::vector<glm::vec<3, float>>&);
template Energy measure_energy(const SolverCore&, const ParticleState<double>&,
                               const std::vector<glm::vec<3, double>>&);

}  // namespace weft
