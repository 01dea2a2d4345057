// The GPU solver: the particle state lives in storage buffers (descriptor set 0 of every pass),
// each solver module's data in buffers of its own (set 1), and a frame is the solver core's list
// of steps recorded as compute dispatches, exactly as the CPU reference runs them. A whole frame
// is recorded into one command buffer with no CPU round trip; state comes back to the CPU only
// when asked (download_state, measure_health).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "engine/buffer.h"
#include "engine/command_ring.h"
#include "engine/compute_pipeline_cache.h"
#include "sim/model/health.h"
#include "sim/model/particle_drag.h"
#include "sim/core/particle_state.h"
#include "sim/gpu/pass_timer.h"
#include "sim/core/solver_core.h"

namespace weft {

class Device;

// The section of a frame's timings that holds its parameter and state updates.
extern const PassInfo kFrameUpdatesPass;

class GpuSolver {
 public:
  // Validates the model and checks that it fits the device before allocating anything
  // (ModelError otherwise), then uploads it.
  GpuSolver(Device& device, const Model& model);
  ~GpuSolver();

  // Records one frame: this frame's parameter, anchor and force updates, then every pass.
  // Callers that own their command buffers (the viewer, bench) use this directly; with a timer
  // (begun by the caller for this command buffer's slot), every pass is timed.
  void record_frame(VkCommandBuffer cmd, float frame_dt, uint32_t substeps,
                    PassTimer* timer = nullptr);
  // Records the blow-up watch into cmd, and a copy of its result into a host-visible buffer that
  // read_recorded_health() reads once the command buffer has finished.
  void record_health(VkCommandBuffer cmd);
  HealthReport read_recorded_health() const;

  // Runs `frames` frames of the model's settings and waits for them.
  void step_frames(uint32_t frames = 1);
  // Runs one frame of frame_dt seconds in `substeps` substeps and waits (NeHe's real-time split).
  void step(float frame_dt, uint32_t substeps);
  // Runs one step alone with substep length dt and waits: the pass-by-pass comparisons.
  void run_pass(const Step& step, float dt);
  // Runs the blow-up watch now and waits for it.
  HealthReport measure_health();

  // Edits from the next frame on (solver_core.h says what each does).
  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) {
    core_.set_anchor_velocity(anchor, velocity);
  }
  void apply_force_once(uint32_t particle, const glm::vec3& force) {
    core_.apply_force_once(particle, force);
  }
  void set_inverse_mass(uint32_t particle, float inverse_mass) {
    core_.set_inverse_mass(particle, inverse_mass);
  }
  void set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits) {
    core_.set_inverse_masses(edits);
  }
  void drag(uint32_t particle, const glm::vec3& target, float follow_time = kDragFollowTime) {
    core_.drag(particle, target, follow_time);
  }
  void end_drag() { core_.end_drag(); }
  const ParticleDrag& current_drag() const { return core_.current_drag(); }
  // Live edits: environment and solver settings travel with the next frame; link materials are
  // uploaded at once (a wait: for an edit, not for every frame).
  void set_parameters(const Model& model);
  void set_link_materials(const Model& model);

  // Reads the whole state back (positions, previous, velocities, forces, module arrays), waiting.
  ParticleState<float> download_state() const;
  // Reads each particle's torn links back (shaders/link_state_layout.h), waiting.
  std::vector<uint32_t> download_link_state() const;
  // Replaces the particle state (tests put both solvers in the same state).
  void upload_state(const ParticleState<float>& state);
  // A solver that draws another's run (the CPU reference's, drawn through Vulkan): records the
  // live edits and the colliders' poses at `time` (s, the end of a frame of `frame_dt`), then
  // replaces what drawing reads, the positions and the torn links, with the state's.
  void record_drawn_state(VkCommandBuffer cmd, const ParticleState<float>& state, double time,
                          float frame_dt);
  // The same, submitted at once (a wait).
  void upload_drawn_state(const ParticleState<float>& state, double time, float frame_dt);

  // The model as the GPU runs it: parameters, anchors and inverse masses follow the edits above
  // (positions and velocities are those of the start).
  const SolverCore& core() const { return core_; }
  // xyz: positions (m), w: inverse mass; also the cloth's vertex buffer.
  const Buffer& positions() const { return particles_[1]; }
  // Per particle, its torn links (shaders/link_state_layout.h): what the drawing opens the cloth
  // by.
  const Buffer& link_state() const { return particles_[WEFT_BINDING_LINK_STATE]; }
  // The knife: these links break at the start of the next frame (sim/modules/knife.h).
  void cut_links(const std::vector<LinkCut>& cuts) { core_.cut_links(cuts); }
  // The blow-up watch's result (gpu::Health), written by record_health.
  const Buffer& health() const { return particles_[5]; }
  // A module's buffer, by the module's index in core().modules() and the buffer's.
  const Buffer& module_buffer(uint32_t module, uint32_t buffer) const;
  // Dispatches recorded since the solver was made (tests count a frame's).
  uint64_t dispatches_recorded() const { return dispatches_; }
  Device& device() const { return device_; }

 private:
  struct ModuleResources;

  void record_updates(VkCommandBuffer cmd);
  void record_step(VkCommandBuffer cmd, const Step& step, const std::string& label,
                   PassTimer* timer);
  void record_copies(VkCommandBuffer cmd, const Step& step);
  const Buffer& step_buffer(const Step& step, const StepBuffer& which) const;
  void record_dispatch(VkCommandBuffer cmd, const Step& step);
  void submit_and_wait(const std::function<void(VkCommandBuffer)>& record);
  const std::vector<std::string>& labels_for(const std::vector<Step>& steps);

  Device& device_;
  SolverCore core_;
  std::vector<Buffer> particles_;  // in WEFT_BINDING_* order
  Buffer health_readback_;
  VkDescriptorSetLayout particle_layout_ = VK_NULL_HANDLE;
  std::unique_ptr<StorageSet> particle_set_;
  std::vector<ModuleResources> modules_;
  CommandRing ring_;

  uint64_t labelled_generation_ = 0;
  std::vector<std::string> labels_;          // one per step of the current schedule
  std::vector<std::string> substep_labels_;  // "substep N"
  std::vector<SolverCore::BufferEdit> pending_uploads_;
  uint64_t dispatches_ = 0;
};

}  // namespace weft
