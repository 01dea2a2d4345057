// weft::api::make_gpu_simulation: the GPU solver behind a Simulation (libweft_gpu). Positions are
// downloaded when they are first read after a step.
#include "weft/gpu.h"

#include <optional>

#include "app/gpu_context.h"
#include "engine/check.h"
#include "lib/scene_impl.h"
#include "lib/simulation_backend.h"
#include "lib/translate_errors.h"
#include "sim/gpu/gpu_solver.h"

namespace weft::api {

namespace {

class GpuSystemSolver final : public SystemSolver {
 public:
  GpuSystemSolver(Device& device, const Model& model) : solver_(device, model) {}
  void step_frames(uint32_t frames) override {
    solver_.step_frames(frames);
    read_back_.reset();
  }
  void apply_event(const weft::SceneEvent& event) override {
    weft::apply_event(event, solver_);
    read_back_.reset();
  }
  const std::vector<glm::vec4>& positions() override { return state().positions; }
  std::vector<glm::vec3> velocities() override {
    const gpu::SimParams& params = solver_.core().params();
    return particle_velocities(state(), params.integrator == WEFT_INTEGRATOR_VERLET, params.dt);
  }
  std::vector<uint32_t> link_state() override { return state().link_state; }
  HealthReport health() override { return solver_.measure_health(); }
  Energy energy() override { return weft::measure_energy(solver_.core(), state()); }
  void set_parameters(const Model& model) override {
    solver_.set_parameters(model);
    solver_.set_link_materials(model);
    read_back_.reset();
  }

 private:
  // The GPU's state, read back once between changes however many reads ask for it (a report
  // reads the energy, the positions and the torn links of the same frame).
  const ParticleState<float>& state() {
    if (!read_back_) read_back_ = solver_.download_state();
    return *read_back_;
  }

  GpuSolver solver_;
  std::optional<ParticleState<float>> read_back_;
};

class GpuBackend final : public SimulationBackend {
 public:
  using SimulationBackend::SimulationBackend;
  ~GpuBackend() override { systems.clear(); }  // the solvers before the device they run on
  int validation_errors() const override {
    const Instance& instance = *context.instance;
    return instance.validation_enabled() ? instance.validation_error_count() : 0;
  }
  GpuContext context;
};

}  // namespace

Simulation make_gpu_simulation(const Scene& scene, const GpuOptions& options) {
  auto backend = std::make_unique<GpuBackend>(scene);
  GpuContextOptions context;
  context.device_selector = options.device;
  context.validation = options.validation;
  try {
    backend->context = create_gpu_context(context);  // no loader, no device: runtime_error
  } catch (const std::runtime_error& error) {
    throw MachineError(error.what());
  }
  backend->device = "GPU (Vulkan compute) on " + backend->context.device->name();
  translate_errors([&] {
    try {
      for (const SceneSystem& system : scene.impl().scene.systems)
        backend->systems.push_back(
            std::make_unique<GpuSystemSolver>(*backend->context.device, system.model));
    } catch (const VulkanError& error) {
      throw MachineError(error.what());
    }
  });
  return Simulation(std::move(backend));
}

}  // namespace weft::api
