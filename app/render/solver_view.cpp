#include "app/render/solver_view.h"

#include "sim/gpu/gpu_solver.h"
#include "sim/modules/colliders.h"

namespace weft {

namespace {

// The solver's colliders, which the scene pass draws from the solver's own buffer.
const Colliders& colliders(const GpuSolver& solver) {
  return *solver.core().find<Colliders>();
}

}  // namespace

const Buffer& positions_of(const GpuSolver& solver) {
  return solver.positions();
}

const Buffer& link_state_of(const GpuSolver& solver) {
  return solver.link_state();
}

uint32_t particle_count_of(const GpuSolver& solver) {
  return solver.core().particle_count();
}

const Buffer& spheres_of(const GpuSolver& solver) {
  return solver.module_buffer(colliders(solver).index, WEFT_COLLIDERS_BINDING_SPHERES);
}

uint32_t sphere_count_of(const GpuSolver& solver) {
  return static_cast<uint32_t>(colliders(solver).spheres().size());
}

const Buffer& collider_shapes_of(const GpuSolver& solver) {
  return solver.module_buffer(colliders(solver).index, WEFT_COLLIDERS_BINDING_SHAPES);
}

const Buffer& collider_triangles_of(const GpuSolver& solver) {
  return solver.module_buffer(colliders(solver).index, WEFT_COLLIDERS_BINDING_TRIANGLES);
}

const std::vector<gpu::ColliderShape>& collider_shapes_now(const GpuSolver& solver) {
  return colliders(solver).shapes();
}

const std::vector<glm::vec4>& spheres_now(const GpuSolver& solver) {
  return colliders(solver).spheres();
}

std::optional<float> ground_height_of(const GpuSolver& solver) {
  const gpu::SimParams& params = solver.core().params();
  if (params.ground_mode == WEFT_GROUND_NONE) return std::nullopt;
  return params.ground.x;
}

}  // namespace weft
