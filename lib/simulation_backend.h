// The solvers behind a weft::api::Simulation: one weft::Solver per scene system, CPU reference
// (cpu_backend.cpp, libweft) or GPU (gpu_simulation.cpp, libweft_gpu). Never installed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "app/scene/scene_systems.h"
#include "sim/core/solver.h"
#include "weft/simulation.h"

namespace weft::api {

class SimulationBackend {
 public:
  explicit SimulationBackend(const Scene& scene_) : scene(scene_) {}
  virtual ~SimulationBackend() = default;
  virtual int validation_errors() const { return 0; }

  Scene scene;
  std::string device;
  // The solvers' state is their own memory, which follows the simulation as it steps (the CPU
  // reference), not a download.
  bool live_state = false;
  std::vector<std::unique_ptr<weft::Solver>> systems;  // one per scene system
  // Per system simulated away from the world's origin (Model::origin), its positions put back in
  // the world: what Simulation::positions last returned.
  std::vector<std::vector<glm::vec3>> world_points;
  uint32_t frame = 0;
};

// threads: 0 for every core the process may use.
std::unique_ptr<SimulationBackend> make_cpu_backend(const Scene& scene, unsigned threads);

}  // namespace weft::api
