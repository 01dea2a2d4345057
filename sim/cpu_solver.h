// The CPU reference solver: runs the frame schedule (frame_schedule.h) with the CPU passes
// (cpu_passes.h). In float it is the oracle of the GPU-vs-CPU tests; in double it is what the
// physics tests compare with analytic results.
#pragma once

#include <vector>

#include <glm/vec3.hpp>

#include "sim/cpu_grid_passes.h"
#include "sim/cpu_passes.h"
#include "sim/external_force_queue.h"
#include "sim/frame_schedule.h"
#include "sim/packed_model.h"
#include "sim/particle_drag.h"
#include "sim/particle_state.h"

namespace weft {

template <typename Real>
class CpuSolver {
 public:
  explicit CpuSolver(const Model& model);  // validates: throws ModelError

  // One frame of the model's solver settings (frame_dt split into substeps).
  void step_frame() { step(packed_.solver.frame_dt, packed_.solver.substeps); }
  // One frame of frame_dt seconds in `substeps` equal substeps.
  void step(float frame_dt, uint32_t substeps);
  // One pass on its own with substep length dt, after taking the queued one-shot forces as a
  // frame would: the pass-by-pass comparisons with GpuSolver::run_pass.
  void run_pass(const PassStep& step, float dt);

  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity);
  void apply_force_once(uint32_t particle, const glm::vec3& force) {
    queued_forces_.add(particle, force);
  }
  // Pins (0) or frees a particle.
  void set_inverse_mass(uint32_t particle, float inverse_mass) {
    state_.positions.at(particle).w = Real(inverse_mass);
  }
  // A mouse drag, as GpuSolver::drag: pins `particle` and pulls it towards `target` (m).
  void drag(uint32_t particle, const glm::vec3& target, float follow_time = kDragFollowTime);
  // Lets go, as GpuSolver::end_drag.
  void end_drag();
  const ParticleDrag& current_drag() const { return drag_; }

  // Live edits, as GpuSolver::set_parameters and set_link_materials.
  void set_parameters(const Model& model);
  void set_link_materials(const Model& model);

  HealthReport measure_health() const;
  // Velocities of every particle, derived from positions for Verlet.
  std::vector<glm::vec<3, Real>> velocities() const;

  ParticleState<Real>& state() { return state_; }
  const ParticleState<Real>& state() const { return state_; }
  const PackedModel& packed() const { return packed_; }
  const gpu::SimParams& params() const { return packed_.params; }
  double simulated_time() const { return simulated_time_; }

 private:
  void take_queued_forces();
  void execute(const PassStep& step);

  PackedModel packed_;
  ParticleState<Real> state_;
  ExternalForceQueue queued_forces_;
  std::vector<gpu::ExternalForce> frame_forces_;
  ParticleDrag drag_;
  double simulated_time_ = 0.0;
};

extern template class CpuSolver<float>;
extern template class CpuSolver<double>;

}  // namespace weft
