// What a program drives a simulation through, whichever solver runs it: the CPU reference
// (make_solver_on_cpu, solver_on_cpu.h) or the GPU solver (make_solver_on_gpu,
// sim/gpu/solver_on_gpu.h). `weft run`, the viewer and the library's Simulation step, edit and read
// every system through it; the viewer's frames, recorded into its own command buffer, go through
// the RecordedSolver of solver_on_gpu.h; a pass run alone (the pass-by-pass tests) stays on
// CpuSolver and GpuSolver.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/core/energy.h"
#include "sim/core/particle_state.h"
#include "sim/core/solver_core.h"
#include "sim/model/health.h"

namespace weft {

class GpuSolver;

class Solver {
 public:
  virtual ~Solver() = default;

  // Runs `frames` frames of the model's settings (the GPU waits for them).
  virtual void step_frames(uint32_t frames) = 0;

  // Edits from the next frame on (solver_core.h says what each does).
  virtual void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) = 0;
  virtual void apply_force_once(uint32_t particle, const glm::vec3& force) = 0;
  // Pins (0) or frees particles (inverse masses, 1/kg).
  virtual void set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits) = 0;
  // A mouse drag towards `target` (m), and its end.
  virtual void drag(uint32_t particle, const glm::vec3& target) = 0;
  virtual void end_drag() = 0;
  // The knife: these links break at the start of the next frame.
  virtual void cut_links(const std::vector<LinkCut>& cuts) = 0;
  // Live edits (`model` has the running model's shape): the environment and solver settings,
  // which travel with the next frame, and the link materials, uploaded at once (on a GPU a wait:
  // call it when an edit ends, not every frame).
  virtual void set_parameters(const Model& model) = 0;
  virtual void set_link_materials(const Model& model) = 0;

  // The state after the last step or edit: the CPU reference's own, the GPU's read back once
  // however many reads ask for it before the next.
  virtual const ParticleState<float>& state() = 0;
  // Every particle's velocity (m/s), derived from positions for Verlet.
  virtual std::vector<glm::vec3> velocities() = 0;
  // The blow-up watch, run now.
  virtual HealthReport measure_health() = 0;
  virtual Energy measure_energy() = 0;
  virtual const SolverCore& core() const = 0;
  // The GPU solver whose buffers draw this run (the renderer, screenshots, video), or nullptr
  // where nothing draws it.
  virtual GpuSolver* drawn() { return nullptr; }
};

// The positions (m) of the solver's particles now.
inline std::vector<glm::vec3> positions_of(Solver& solver) {
  const std::vector<glm::vec4>& positions = solver.state().positions;
  return std::vector<glm::vec3>(positions.begin(), positions.end());
}

}  // namespace weft
