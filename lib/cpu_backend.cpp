// The CPU reference behind weft::api::Simulation: one CpuSolver per system, whose state the
// positions view reads in place.
#include "app/scene/scene.h"
#include "lib/scene_impl.h"
#include "lib/simulation_backend.h"
#include "lib/translate_errors.h"
#include "sim/core/cpu_solver.h"
#include "sim/core/cpu_threads.h"

namespace weft::api {

namespace {

class CpuSystemSolver final : public SystemSolver {
 public:
  CpuSystemSolver(const Model& model, unsigned threads) : solver_(model, threads) {}
  void step_frames(uint32_t frames) override {
    for (uint32_t f = 0; f < frames; ++f)
      solver_.step_frame();
  }
  void apply_event(const weft::SceneEvent& event) override { weft::apply_event(event, solver_); }
  const std::vector<glm::vec4>& positions() override { return solver_.state().positions; }
  std::vector<glm::vec3> velocities() override { return solver_.velocities(); }
  std::vector<uint32_t> link_state() override { return solver_.state().link_state; }
  HealthReport health() override { return solver_.measure_health(); }
  Energy energy() override {
    return weft::measure_energy(solver_.core(), solver_.state(), solver_.velocities());
  }
  void set_parameters(const Model& model) override {
    solver_.set_parameters(model);
    solver_.set_link_materials(model);
  }

 private:
  CpuSolver<float> solver_;
};

}  // namespace

std::unique_ptr<SimulationBackend> make_cpu_backend(const Scene& scene, unsigned threads) {
  if (threads == 0) threads = CpuThreads::available_cores();
  auto backend = std::make_unique<SimulationBackend>(scene);
  backend->device = "CPU reference (float)";
  if (threads > 1) backend->device += " on " + std::to_string(threads) + " threads";
  translate_errors([&] {
    for (const SceneSystem& system : scene.impl().scene.systems)
      backend->systems.push_back(std::make_unique<CpuSystemSolver>(system.model, threads));
  });
  return backend;
}

}  // namespace weft::api
