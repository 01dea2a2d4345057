#include "sim/gpu/solver_on_gpu.h"

#include <optional>

#include "sim/core/solver_on_cpu.h"
#include "sim/gpu/gpu_solver.h"

namespace weft {

namespace {

class SolverOnGpu final : public RecordedSolver {
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
  void set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits) override {
    solver_.set_inverse_masses(edits);
    read_back_.reset();
  }
  void drag(uint32_t particle, const glm::vec3& target) override {
    solver_.drag(particle, target);
    read_back_.reset();
  }
  void end_drag() override {
    solver_.end_drag();
    read_back_.reset();
  }
  void cut_links(const std::vector<LinkCut>& cuts) override {
    solver_.cut_links(cuts);
    read_back_.reset();
  }
  void set_parameters(const Model& model) override {
    solver_.set_parameters(model);
    read_back_.reset();
  }
  void set_link_materials(const Model& model) override {
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
  void record_frame(VkCommandBuffer cmd, PassTimer* timer) override {
    const SolverSettings& settings = solver_.core().settings();
    solver_.record_frame(cmd, settings.frame_dt, settings.substeps, timer);
    read_back_.reset();
  }
  bool simulates_on_cpu() const override { return false; }

 private:
  GpuSolver solver_;
  // The GPU's state, read back once between changes however many reads ask for it (the strain
  // and energy watches, a report's positions and torn links, all of one frame).
  std::optional<ParticleState<float>> read_back_;
};

// The CPU reference's edits and reads are SolverOnCpu's; what it adds is the drawing solver.
class DrawnSolverOnCpu final : public SolverOnCpu<RecordedSolver> {
 public:
  DrawnSolverOnCpu(Device& device, const Model& model, unsigned threads)
      : SolverOnCpu(model, threads), drawn_(device, model) {
    upload();
  }

  void step_frames(uint32_t frames) override {
    SolverOnCpu::step_frames(frames);
    upload();
  }
  void record_frame(VkCommandBuffer cmd, PassTimer*) override {
    SolverOnCpu::step_frames(1);
    drawn_.record_drawn_state(cmd, reference().state(), reference().simulated_time(),
                              reference().core().settings().frame_dt);
  }
  bool simulates_on_cpu() const override { return true; }
  GpuSolver* drawn() override { return &drawn_; }
  void set_parameters(const Model& model) override {
    SolverOnCpu::set_parameters(model);
    // The drawing solver draws the ground and the colliders these settings place.
    drawn_.set_parameters(model);
  }

 private:
  // The state and the colliders' poses at the reference's time, submitted at once.
  void upload() {
    drawn_.upload_drawn_state(reference().state(), reference().simulated_time(),
                              reference().core().settings().frame_dt);
  }

  GpuSolver drawn_;
};

}  // namespace

std::unique_ptr<RecordedSolver> make_solver_on_gpu(Device& device, const Model& model) {
  return std::make_unique<SolverOnGpu>(device, model);
}

std::unique_ptr<RecordedSolver> make_drawn_solver_on_cpu(Device& device, const Model& model,
                                                         unsigned threads) {
  return std::make_unique<DrawnSolverOnCpu>(device, model, threads);
}

std::unique_ptr<RecordedSolver> make_drawn_solver(Device& device, const Model& model,
                                                  unsigned cpu_threads) {
  if (cpu_threads == 0) return make_solver_on_gpu(device, model);
  return make_drawn_solver_on_cpu(device, model, cpu_threads);
}

}  // namespace weft
