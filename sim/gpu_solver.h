// The GPU solver: the model's state lives in storage buffers (gpu_buffers.h) and each substep is
// a sequence of compute dispatches following frame_schedule.h, exactly as the CPU reference runs
// it. A whole frame is recorded into one command buffer with no CPU round trip; state comes back
// to the CPU only when asked (download_state, measure_health).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include <glm/vec3.hpp>

#include "engine/command_ring.h"
#include "engine/compute_pipeline.h"
#include "engine/storage_bindings.h"
#include "sim/external_force_queue.h"
#include "sim/frame_schedule.h"
#include "sim/gpu_buffers.h"
#include "sim/health.h"
#include "sim/packed_model.h"
#include "sim/particle_drag.h"
#include "sim/particle_state.h"
#include "sim/pass_timer.h"

namespace weft {

class Device;

class GpuSolver {
 public:
  // Validates the model and checks that it fits the device before allocating anything
  // (ModelError otherwise), then uploads it.
  GpuSolver(Device& device, const Model& model);

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
  // Runs one pass alone with substep length dt and waits: the pass-by-pass comparisons.
  void run_pass(const PassStep& step, float dt);
  // Runs the blow-up watch now and waits for it.
  HealthReport measure_health();

  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity);
  void apply_force_once(uint32_t particle, const glm::vec3& force);
  // Pins (0) or frees a particle from the next frame on.
  void set_inverse_mass(uint32_t particle, float inverse_mass);
  // A mouse drag (sim/particle_drag.h) from the next frame on: pins `particle` and pulls it
  // towards `target` (m). Calling it again moves the target, or moves the drag to another
  // particle. Throws ModelError for a particle that one of the model's anchors drives.
  void drag(uint32_t particle, const glm::vec3& target, float follow_time = kDragFollowTime);
  // Lets go: the particle gets its inverse mass back and keeps its velocity. No-op without a drag.
  void end_drag();
  const ParticleDrag& current_drag() const { return drag_; }

  // Live edits (sim/live_parameters.h) from the next frame on. `model` has the running model's
  // shape with other parameters: environment and solver settings travel with the frame's
  // parameters; link materials are uploaded at once (a wait: for an edit, not for every frame).
  void set_parameters(const Model& model);
  void set_link_materials(const Model& model);

  // Reads the whole state back (positions, previous, velocities, forces, lambdas), waiting.
  ParticleState<float> download_state() const;
  // Replaces the particle state (tests put both solvers in the same state).
  void upload_state(const ParticleState<float>& state);

  // The model as the GPU holds it now: parameters, anchors and inverse masses follow the edits
  // above (positions and velocities are those of the start).
  const PackedModel& packed() const { return packed_; }
  const GpuBuffers& buffers() const { return *buffers_; }
  Device& device() const { return device_; }

 private:
  void record_updates(VkCommandBuffer cmd);
  // The steps of a frame of this shape with their labels, kept until the shape changes.
  struct RecordedSchedule {
    FrameShape shape;
    uint32_t integrator = 0;
    std::vector<PassStep> steps;
    std::vector<std::string> labels;          // one per step, as RenderDoc shows it
    std::vector<std::string> substep_labels;  // "substep N"
  };
  const RecordedSchedule& schedule_for(const FrameShape& shape);
  void record_step(VkCommandBuffer cmd, const PassStep& step, const std::string& label,
                   PassTimer* timer = nullptr);
  void dispatch(VkCommandBuffer cmd, uint32_t threads) const;
  void copy_back_scratch(VkCommandBuffer cmd);
  void submit_and_wait(const std::function<void(VkCommandBuffer)>& record);

  Device& device_;
  PackedModel packed_;
  std::unique_ptr<GpuBuffers> buffers_;
  StorageBindings bindings_;
  std::map<Pass, ComputePipeline> pipelines_;
  ComputePipeline health_pipeline_;
  CommandRing ring_;

  RecordedSchedule schedule_;
  ExternalForceQueue queued_forces_;
  std::vector<uint32_t> dirty_anchors_;
  std::map<uint32_t, float> inverse_mass_edits_;
  ParticleDrag drag_;
  bool spheres_dirty_ = false;
};

}  // namespace weft
