// weft::api::make_gpu_simulation: the GPU solver behind a Simulation (libweft_gpu). Positions are
// read back when they are first read after a step (sim/gpu/solver_on_gpu.h).
#include "weft/gpu.h"

#include "app/gpu_context.h"
#include "engine/check.h"
#include "lib/scene_impl.h"
#include "lib/simulation_backend.h"
#include "lib/translate_errors.h"
#include "sim/gpu/solver_on_gpu.h"

namespace weft::api {

namespace {

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
        backend->systems.push_back(make_solver_on_gpu(*backend->context.device, system.model));
    } catch (const VulkanError& error) {
      throw MachineError(error.what());
    }
  });
  return Simulation(std::move(backend));
}

}  // namespace weft::api
