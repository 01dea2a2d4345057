#include "sim/gpu/solver_on_gpu.h"

#include <optional>

#include "sim/core/solver_on_cpu.h"
#include "sim/gpu/gpu_solver.h"

namespace weft {

namespace {

class SolverOnGpu final : public Solver {
 public:
  SolverOnGpu(Device& device, const Model& model) : solver_(device, model) {}

  void step_frames(uint32_t frames) override {
    solver_.step_frames(frames);
    read_back_.reset();
  }
  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) override {
    solver_.set_anchor_velocity(anchor, velocity);
    read_back_.reset();
  }
  void apply_force_once(uint32_t particle, const glm::vec3& force) override {
    solver_.apply_force_once(particle, force);
    read_back_.reset();
  }
  void set_parameters(const Model& model) override {
    solver_.set_parameters(model);
    solver_.set_link_materials(model);
    read_back_.reset();
  }
  const ParticleState<float>& state() override {
    if (!read_back_) read_back_ = solver_.download_state();
    return *read_back_;
  }
  std::vector<glm::vec3> velocities() override {
    const gpu::SimParams& params = solver_.core().params();
    return particle_velocities(state(), params.integrator == WEFT_INTEGRATOR_VERLET, params.dt);
  }
  HealthReport measure_health() override { return solver_.measure_health(); }
  Energy measure_energy() override { return weft::measure_energy(solver_.core(), state()); }
  const SolverCore& core() const override { return solver_.core(); }
  GpuSolver* drawn() override { return &solver_; }

 private:
  GpuSolver solver_;
  // The GPU's state, read back once between changes however many reads ask for it (the strain
  // and energy watches, a report's positions and torn links, all of one frame).
  std::optional<ParticleState<float>> read_back_;
};

class DrawnSolverOnCpu final : public SolverOnCpu {
 public:
  DrawnSolverOnCpu(Device& device, const Model& model, unsigned threads)
      : SolverOnCpu(model, threads), drawn_(device, model) {
    upload();
  }

  void step_frames(uint32_t frames) override {
    SolverOnCpu::step_frames(frames);
    upload();
  }
  GpuSolver* drawn() override { return &drawn_; }

 private:
  // The state and the colliders' poses at the reference's time.
  void upload() {
    drawn_.upload_drawn_state(reference().state(), reference().simulated_time(),
                              reference().core().settings().frame_dt);
  }

  GpuSolver drawn_;
};

}  // namespace

std::unique_ptr<Solver> make_solver_on_gpu(Device& device, const Model& model) {
  return std::make_unique<SolverOnGpu>(device, model);
}

std::unique_ptr<Solver> make_drawn_solver_on_cpu(Device& device, const Model& model,
                                                 unsigned threads) {
  return std::make_unique<DrawnSolverOnCpu>(device, model, threads);
}

}  // namespace weft
