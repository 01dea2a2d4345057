#include "app/run/system_runner.h"

#include <optional>

#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"

namespace weft {

namespace {

class CpuRunner final : public SystemRunner {
 public:
  CpuRunner(const Model& model, unsigned threads, Device* drawing) : solver_(model, threads) {
    if (!drawing) return;
    drawn_ = std::make_unique<GpuSolver>(*drawing, model);
    upload_drawn();
  }

  void step_frames(uint32_t frames) override {
    for (uint32_t f = 0; f < frames; ++f)
      solver_.step_frame();
    if (drawn_) upload_drawn();
  }
  void apply_force_once(uint32_t particle, const glm::vec3& force) override {
    solver_.apply_force_once(particle, force);
  }
  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) override {
    solver_.set_anchor_velocity(anchor, velocity);
  }
  HealthReport measure_health() override { return solver_.measure_health(); }
  std::vector<glm::vec3> positions() override {
    std::vector<glm::vec3> out;
    out.reserve(solver_.state().positions.size());
    for (const glm::vec4& p : solver_.state().positions)
      out.emplace_back(p);
    return out;
  }
  std::vector<uint32_t> link_state() override { return solver_.state().link_state; }
  Energy measure_energy() override {
    return weft::measure_energy(solver_.core(), solver_.state(), solver_.velocities());
  }
  GpuSolver* gpu_solver() override { return drawn_.get(); }

 private:
  // The state and the colliders' poses at the reference's time.
  void upload_drawn() {
    drawn_->upload_drawn_state(solver_.state(), solver_.simulated_time(),
                               solver_.core().settings().frame_dt);
  }

  CpuSolver<float> solver_;
  std::unique_ptr<GpuSolver> drawn_;  // what the renderer reads, when the run is drawn
};

class GpuRunner final : public SystemRunner {
 public:
  GpuRunner(Device& device, const Model& model) : solver_(device, model) {}

  void step_frames(uint32_t frames) override {
    solver_.step_frames(frames);
    read_back_.reset();
  }
  void apply_force_once(uint32_t particle, const glm::vec3& force) override {
    solver_.apply_force_once(particle, force);
    read_back_.reset();
  }
  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) override {
    solver_.set_anchor_velocity(anchor, velocity);
    read_back_.reset();
  }
  HealthReport measure_health() override { return solver_.measure_health(); }
  std::vector<glm::vec3> positions() override {
    std::vector<glm::vec3> out;
    out.reserve(state().positions.size());
    for (const glm::vec4& p : state().positions)
      out.emplace_back(p);
    return out;
  }
  std::vector<uint32_t> link_state() override { return state().link_state; }
  Energy measure_energy() override { return weft::measure_energy(solver_.core(), state()); }
  GpuSolver* gpu_solver() override { return &solver_; }

 private:
  // The GPU's state, read back once between steps however many checks ask for it (the strain
  // and energy watches both look at the same frame).
  const ParticleState<float>& state() {
    if (!read_back_) read_back_ = solver_.download_state();
    return *read_back_;
  }

  GpuSolver solver_;
  std::optional<ParticleState<float>> read_back_;
};

}  // namespace

std::unique_ptr<SystemRunner> make_cpu_runner(const Model& model, unsigned threads,
                                              Device* drawing) {
  return std::make_unique<CpuRunner>(model, threads, drawing);
}

std::unique_ptr<SystemRunner> make_gpu_runner(Device& device, const Model& model) {
  return std::make_unique<GpuRunner>(device, model);
}

}  // namespace weft
