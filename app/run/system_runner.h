// One scene system advanced by one solver, CPU reference or GPU, behind a single interface, so
// that `weft run` drives both the same way. The GPU runner exposes its GpuSolver for whatever
// wants to draw or read its buffers (the offscreen renderer, bench); a CPU runner that is drawn
// exposes the GPU copy of its particles.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/core/energy.h"
#include "sim/model/health.h"
#include "sim/model/model.h"

namespace weft {

class Device;
class GpuSolver;

class SystemRunner {
 public:
  virtual ~SystemRunner() = default;

  virtual void step_frames(uint32_t frames) = 0;
  virtual void apply_force_once(uint32_t particle, const glm::vec3& force) = 0;
  virtual void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) = 0;
  virtual HealthReport measure_health() = 0;
  virtual std::vector<glm::vec3> positions() = 0;
  // Per particle, its torn links (shaders/link_state_layout.h).
  virtual std::vector<uint32_t> link_state() = 0;
  virtual Energy measure_energy() = 0;
  virtual GpuSolver* gpu_solver() { return nullptr; }
};

// Both validate the model (ModelError) before allocating anything. A CPU runner given a device
// to draw on keeps a GPU copy of its positions there, up to date after every step, which its
// gpu_solver() gives to the renderer (`weft run --cpu --screenshot`).
// threads >= 1 (sim/core/cpu_threads.h); drawing: the device that draws the run, if it is drawn.
std::unique_ptr<SystemRunner> make_cpu_runner(const Model& model, unsigned threads,
                                              Device* drawing = nullptr);
std::unique_ptr<SystemRunner> make_gpu_runner(Device& device, const Model& model);

}  // namespace weft
