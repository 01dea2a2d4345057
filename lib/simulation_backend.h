// The solver behind a weft::api::Simulation: one SystemSolver per scene system, CPU reference
// (cpu_backend.cpp, libweft) or GPU (gpu_simulation.cpp, libweft_gpu). Never installed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "app/scene/scene.h"
#include "sim/core/energy.h"
#include "sim/model/health.h"
#include "weft/simulation.h"

namespace weft::api {

class SystemSolver {
 public:
  virtual ~SystemSolver() = default;
  virtual void step_frames(uint32_t frames) = 0;
  virtual void apply_event(const weft::SceneEvent& event) = 0;
  // xyz: m (w: the inverse mass). The CPU solver's own state; a download on the GPU, kept until
  // the next call.
  virtual const std::vector<glm::vec4>& positions() = 0;
  virtual std::vector<glm::vec3> velocities() = 0;
  virtual std::vector<uint32_t> link_state() = 0;
  virtual HealthReport health() = 0;
  virtual Energy energy() = 0;
  // `model` has the running model's shape (SolverCore::set_parameters).
  virtual void set_parameters(const Model& model) = 0;
};

class SimulationBackend {
 public:
  explicit SimulationBackend(const Scene& scene_) : scene(scene_) {}
  virtual ~SimulationBackend() = default;
  virtual int validation_errors() const { return 0; }

  Scene scene;
  std::string device;
  std::vector<std::unique_ptr<SystemSolver>> systems;  // one per scene system
  uint32_t frame = 0;
};

// threads: 0 for every core the process may use.
std::unique_ptr<SimulationBackend> make_cpu_backend(const Scene& scene, unsigned threads);

}  // namespace weft::api
