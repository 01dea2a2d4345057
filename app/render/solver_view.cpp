#include "app/render/solver_view.h"

#include "sim/gpu_solver.h"

namespace weft {

const Buffer& positions_of(const GpuSolver& solver) {
  return solver.buffers().positions;
}

uint32_t particle_count_of(const GpuSolver& solver) {
  return solver.packed().particle_count();
}

const Buffer& spheres_of(const GpuSolver& solver) {
  return solver.buffers().spheres;
}

uint32_t sphere_count_of(const GpuSolver& solver) {
  return solver.packed().params.sphere_count;
}

std::optional<float> ground_height_of(const GpuSolver& solver) {
  const gpu::SimParams& params = solver.packed().params;
  if (params.ground_mode == WEFT_GROUND_NONE) return std::nullopt;
  return params.ground.x;
}

}  // namespace weft
