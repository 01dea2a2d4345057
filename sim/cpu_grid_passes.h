// The CPU reference of the grid path's passes (shaders/grid_*.comp, relax_grid_jacobi.comp):
// the same neighbours by index, in the same direction order, with the same arithmetic. The GPU
// alternates between two buffers sweep by sweep; here each Jacobi sweep reads the state and
// writes fresh arrays, which is the same computation.
#pragma once

#include "sim/gpu_types.h"
#include "sim/health.h"
#include "sim/particle_state.h"

namespace weft::cpu {

template <typename Real>
void grid_accumulate_forces(const gpu::SimParams& params, const gpu::GridParams& grid,
                            ParticleState<Real>& state);

// One sweep; reset_lambda as in RelaxPush (the sweep parity does not matter here). The state's
// lambdas hold WEFT_GRID_LAMBDAS_PER_PARTICLE multipliers per particle.
template <typename Real>
void relax_grid_jacobi(const gpu::SimParams& params, const gpu::GridParams& grid, bool reset_lambda,
                       ParticleState<Real>& state);

template <typename Real>
HealthReport measure_grid_health(const gpu::SimParams& params, const gpu::GridParams& grid,
                                 const ParticleState<Real>& state);

}  // namespace weft::cpu
