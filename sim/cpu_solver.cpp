#include "sim/cpu_solver.h"

#include <stdexcept>
#include <string>

#include "sim/live_parameters.h"

namespace weft {

namespace {

template <typename Real>
std::vector<glm::vec<4, Real>> widen(const std::vector<glm::vec4>& values) {
  return {values.begin(), values.end()};
}

}  // namespace

template <typename Real>
CpuSolver<Real>::CpuSolver(const Model& model) : packed_(pack_model(model)) {
  state_.positions = widen<Real>(packed_.positions);
  state_.previous = widen<Real>(packed_.previous);
  state_.velocities = widen<Real>(packed_.velocities);
  state_.forces.assign(packed_.positions.size(), glm::vec<4, Real>(0));
  state_.lambdas.assign(packed_.lambda_count(), Real(0));
}

template <typename Real>
void CpuSolver<Real>::take_queued_forces() {
  frame_forces_ = queued_forces_.take();
  packed_.params.external_force_count = static_cast<uint32_t>(frame_forces_.size());
}

template <typename Real>
void CpuSolver<Real>::step(float frame_dt, uint32_t substeps) {
  take_queued_forces();
  packed_.params.dt = frame_dt / static_cast<float>(substeps);
  const FrameShape shape = packed_.frame_shape(substeps, !frame_forces_.empty());
  for (const PassStep& pass : schedule_frame(shape))
    execute(pass);
  packed_.params.external_force_count = 0;
  simulated_time_ += frame_dt;
}

template <typename Real>
void CpuSolver<Real>::run_pass(const PassStep& step, float dt) {
  take_queued_forces();
  packed_.params.dt = dt;
  execute(step);
  packed_.params.external_force_count = 0;
}

template <typename Real>
void CpuSolver<Real>::execute(const PassStep& step) {
  const gpu::SimParams& params = packed_.params;
  switch (step.pass) {
    case Pass::accumulate_forces: cpu::accumulate_forces(params, packed_.springs, state_); break;
    case Pass::apply_external_forces:
      cpu::apply_external_forces<Real>(params, frame_forces_, state_);
      break;
    case Pass::integrate: cpu::integrate(params, state_); break;
    case Pass::drive_anchors: cpu::drive_anchors<Real>(params, packed_.anchors, state_); break;
    case Pass::relax_distance:
      cpu::relax_distance(params, packed_.constraints.constraints, step.relax, state_);
      break;
    case Pass::collide: cpu::collide<Real>(params, packed_.spheres, state_); break;
    case Pass::grid_accumulate_forces:
      cpu::grid_accumulate_forces(params, packed_.grid_params, state_);
      break;
    case Pass::relax_grid_jacobi:
      cpu::relax_grid_jacobi(params, packed_.grid_params, step.relax.reset_lambda != 0, state_);
      break;
  }
}

template <typename Real>
void CpuSolver<Real>::set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) {
  if (anchor >= packed_.model_anchor_count()) {
    throw std::out_of_range("anchor " + std::to_string(anchor) + " does not exist (the model has " +
                            std::to_string(packed_.model_anchor_count()) + ")");
  }
  packed_.anchors[anchor].velocity = glm::vec4(velocity, 0.0f);
}

// Mirrors GpuSolver::drag and GpuSolver::end_drag.
template <typename Real>
void CpuSolver<Real>::drag(uint32_t particle, const glm::vec3& target, float follow_time) {
  check_drag(packed_, particle, target, follow_time);
  if (drag_.active && drag_.particle != particle) end_drag();
  if (!drag_.active) {
    drag_ = {true, particle, static_cast<float>(state_.positions[particle].w)};
    set_inverse_mass(particle, 0.0f);
    packed_.params.anchor_count = packed_.model_anchor_count() + 1;
  }
  packed_.anchors[packed_.drag_anchor_slot()] = make_drag_anchor(particle, target, follow_time);
}

template <typename Real>
void CpuSolver<Real>::end_drag() {
  if (!drag_.active) return;
  set_inverse_mass(drag_.particle, drag_.saved_inverse_mass);
  packed_.params.anchor_count = packed_.model_anchor_count();
  drag_ = {};
}

template <typename Real>
void CpuSolver<Real>::set_parameters(const Model& model) {
  apply_parameters(packed_, model);
}

template <typename Real>
void CpuSolver<Real>::set_link_materials(const Model& model) {
  apply_link_materials(packed_, model);
}

template <typename Real>
HealthReport CpuSolver<Real>::measure_health() const {
  if (packed_.grid_path)
    return cpu::measure_grid_health(packed_.params, packed_.grid_params, state_);
  return cpu::measure_health(packed_.params, packed_.springs, packed_.constraints.constraints,
                             state_);
}

template <typename Real>
std::vector<glm::vec<3, Real>> CpuSolver<Real>::velocities() const {
  return particle_velocities(state_, packed_.params.integrator == WEFT_INTEGRATOR_VERLET,
                             packed_.params.dt);
}

template class CpuSolver<float>;
template class CpuSolver<double>;

}  // namespace weft
