// The CPU reference (in float) behind the Solver interface: `weft run --cpu` and the library's
// CPU Simulation. sim/gpu/solver_on_gpu.h draws one on a Vulkan device.
#pragma once

#include <memory>

#include "sim/core/cpu_solver.h"
#include "sim/core/solver.h"

namespace weft {

// Interface: Solver, or an interface that extends it (the RecordedSolver that draws a CPU run,
// sim/gpu/solver_on_gpu.cpp).
template <typename Interface = Solver>
class SolverOnCpu : public Interface {
 public:
  // Validates (ModelError). threads >= 1 (cpu_threads.h).
  SolverOnCpu(const Model& model, unsigned threads) : reference_(model, threads) {}

  void step_frames(uint32_t frames) override {
    for (uint32_t f = 0; f < frames; ++f)
      reference_.step_frame();
  }
  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) override {
    reference_.set_anchor_velocity(anchor, velocity);
  }
  void apply_force_once(uint32_t particle, const glm::vec3& force) override {
    reference_.apply_force_once(particle, force);
  }
  void set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits) override {
    reference_.set_inverse_masses(edits);
  }
  void drag(uint32_t particle, const glm::vec3& target) override {
    reference_.drag(particle, target);
  }
  void end_drag() override { reference_.end_drag(); }
  void cut_links(const std::vector<LinkCut>& cuts) override { reference_.cut_links(cuts); }
  void set_parameters(const Model& model) override { reference_.set_parameters(model); }
  void set_link_materials(const Model& model) override { reference_.set_link_materials(model); }
  const ParticleState<float>& state() override { return reference_.state(); }
  std::vector<glm::vec3> velocities() override { return reference_.velocities(); }
  HealthReport measure_health() override { return reference_.measure_health(); }
  Energy measure_energy() override {
    return weft::measure_energy(reference_.core(), reference_.state(), reference_.velocities());
  }
  const SolverCore& core() const override { return reference_.core(); }

  const CpuSolver<float>& reference() const { return reference_; }

 private:
  CpuSolver<float> reference_;
};

inline std::unique_ptr<Solver> make_solver_on_cpu(const Model& model, unsigned threads) {
  return std::make_unique<SolverOnCpu<>>(model, threads);
}

}  // namespace weft
