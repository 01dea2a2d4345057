// The CPU reference solver: runs the frame schedule of the solver core (solver_core.h), each step
// through its module's CPU mirror of the shader. In float it is the oracle of the GPU-vs-CPU
// tests; in double it is what the physics tests compare with analytic results.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/health.h"
#include "sim/model/particle_drag.h"
#include "sim/core/particle_state.h"
#include "sim/core/solver_core.h"

namespace weft {

template <typename Real>
class CpuSolver {
 public:
  // Validates: throws ModelError. `threads` >= 1: how many threads run each step (the results
  // are the same for any count; cpu_threads.h).
  explicit CpuSolver(const Model& model, unsigned threads = 1);

  // One frame of the model's solver settings (frame_dt split into substeps).
  // The knife: these links break at the start of the next frame (sim/modules/knife.h).
  void cut_links(const std::vector<LinkCut>& cuts) { core_.cut_links(cuts); }
  void step_frame() { step(core_.settings().frame_dt, core_.settings().substeps); }
  // One frame of frame_dt seconds in `substeps` equal substeps.
  void step(float frame_dt, uint32_t substeps);
  // One step on its own with substep length dt, after taking the queued one-shot forces as a
  // frame would: the pass-by-pass comparisons with GpuSolver::run_pass.
  void run_pass(const Step& step, float dt);

  // Edits, as GpuSolver's (solver_core.h says what each does).
  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) {
    core_.set_anchor_velocity(anchor, velocity);
  }
  void apply_force_once(uint32_t particle, const glm::vec3& force) {
    core_.apply_force_once(particle, force);
  }
  void set_inverse_mass(uint32_t particle, float inverse_mass);
  // Several at once (pins edited by hand): one search for pins at the end, as GpuSolver's.
  void set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits);
  void drag(uint32_t particle, const glm::vec3& target, float follow_time = kDragFollowTime);
  void end_drag();
  const ParticleDrag& current_drag() const { return core_.current_drag(); }
  void set_parameters(const Model& model) { core_.set_parameters(model); }
  void set_link_materials(const Model& model) { core_.set_link_materials(model); }

  HealthReport measure_health() const;
  // Velocities of every particle, derived from positions for Verlet.
  std::vector<glm::vec<3, Real>> velocities() const;

  ParticleState<Real>& state() { return state_; }
  const ParticleState<Real>& state() const { return state_; }
  const SolverCore& core() const { return core_; }
  SolverCore& core() { return core_; }
  const gpu::SimParams& params() const { return core_.params(); }
  double simulated_time() const { return simulated_time_; }
  unsigned thread_count() const { return threads_ ? threads_->count() : 1; }

 private:
  void apply_inverse_mass_edits();
  void execute(const Step& step);

  SolverCore core_;
  ParticleState<Real> state_;
  std::unique_ptr<CpuThreads> threads_;  // none for one thread
  double simulated_time_ = 0.0;
};

extern template class CpuSolver<float>;
extern template class CpuSolver<double>;

}  // namespace weft
