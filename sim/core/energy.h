// The mechanical energy of a state: what the symplectic-integrator tests watch, and what
// `weft run` reports.
#pragma once

#include <vector>

#include "sim/core/particle_state.h"

namespace weft {

class SolverCore;

struct Energy {
  double kinetic = 0.0;        // sum of m v^2 / 2 over free particles, J
  double gravitational = 0.0;  // sum of -m g . x, J, x in the world (Model::origin added)
  double elastic = 0.0;  // springs ks (L - L0)^2 / 2, compliant constraints C^2 / (2 alpha), J
  double total() const { return kinetic + gravitational + elastic; }
};

// velocities: one per particle (CpuSolver::velocities(), or the GPU's download).
template <typename Real>
Energy measure_energy(const SolverCore& core, const ParticleState<Real>& state,
                      const std::vector<glm::vec<3, Real>>& velocities);

// The same, with the velocities taken from the state as the integrator keeps them (a GPU's
// download, say).
template <typename Real>
Energy measure_energy(const SolverCore& core, const ParticleState<Real>& state);

}  // namespace weft
