// The CPU reference behind weft::api::Simulation: one per system, whose state the positions
// view reads in place.
#include "app/scene/scene_systems.h"
#include "lib/scene_impl.h"
#include "lib/simulation_backend.h"
#include "lib/translate_errors.h"
#include "sim/core/solver_on_cpu.h"
#include "sim/core/cpu_threads.h"

namespace weft::api {

std::unique_ptr<SimulationBackend> make_cpu_backend(const Scene& scene, unsigned threads) {
  if (threads == 0) threads = CpuThreads::available_cores();
  auto backend = std::make_unique<SimulationBackend>(scene);
  backend->device = "CPU reference (float)";
  backend->live_state = true;
  if (threads > 1) backend->device += " on " + std::to_string(threads) + " threads";
  translate_errors([&] {
    for (const SceneSystem& system : scene.impl().scene.systems)
      backend->systems.push_back(make_solver_on_cpu(system.model, threads));
  });
  return backend;
}

}  // namespace weft::api
