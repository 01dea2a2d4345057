// How the viewer advances one system: on the Vulkan device (the GPU solver, recorded into the
// frame's command buffer), or on the CPU reference. Where the only device is itself a CPU
// (lavapipe) the CPU reference on every core is the faster of the two; its positions and torn
// links are then uploaded every frame into a GPU solver that only draws them, so the renderer,
// the picker and the screenshots read the same buffers either way. Every edit goes to whichever
// solver simulates.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>
#include <volk.h>

#include "app/viewer/view_options.h"
#include "sim/core/cpu_solver.h"
#include "sim/core/energy.h"
#include "sim/gpu/gpu_solver.h"

namespace weft {

class Device;
class HealthWatch;
class PassTimer;
struct Model;

// Which solver the viewer simulates on: 0 for the device, otherwise the CPU reference's thread
// count. --cpu and --gpu choose; without them, a device that is itself a CPU (lavapipe) gives the
// CPU reference on every core, several times faster there than the same cores running the GPU
// solver's dispatches, unless a device was named (--device) or a RenderDoc capture asked for.
unsigned choose_cpu_threads(const ViewOptions& options, const Device& device);
// The panel's line: "on the CPU reference (2 threads)" or "on the device".
std::string simulator_name(unsigned cpu_threads);

class SystemSimulation {
 public:
  // cpu_threads 0: on the device; otherwise on the CPU reference with that many threads.
  SystemSimulation(Device& device, const Model& model, unsigned cpu_threads);

  bool on_cpu() const { return reference_ != nullptr; }
  // The GPU solver whose buffers the renderer and the picker read.
  GpuSolver& drawn() { return *gpu_; }
  const GpuSolver& drawn() const { return *gpu_; }

  // One frame of the model's settings: recorded into cmd on the device (timed pass by pass with
  // a timer); on the CPU, simulated at once and uploaded for drawing (a wait for the queue).
  void simulate_frame(VkCommandBuffer cmd, const SolverSettings& settings, PassTimer* timer);
  // The blow-up watch of the frame just simulated: recorded into cmd on the device, measured at
  // once on the CPU; either way collected from `health` when the slot comes round again.
  void watch_health(VkCommandBuffer cmd, uint32_t slot, HealthWatch& health);

  // The state now (the device's is read back: a wait).
  ParticleState<float> state() const;
  Energy energy() const;

  // Edits from the next frame on (sim/core/solver_core.h says what each does).
  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity);
  void apply_force_once(uint32_t particle, const glm::vec3& force);
  void set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits);
  void drag(uint32_t particle, const glm::vec3& target);
  void end_drag();
  void cut_links(const std::vector<LinkCut>& cuts);
  void set_parameters(const Model& model);
  void set_link_materials(const Model& model);

 private:
  std::unique_ptr<GpuSolver> gpu_;
  std::unique_ptr<CpuSolver<float>> reference_;  // none on the device
};

}  // namespace weft
