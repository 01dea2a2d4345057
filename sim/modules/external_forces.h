// Witkin's one-shot external forces: queued by the program, added to the accumulated forces of
// the first substep of the next frame, then gone. Forces on one particle are merged when queued
// (external_force_queue.h), so one thread per entry writes each particle at most once.
#pragma once

#include <glm/vec3.hpp>

#include "shaders/external_forces_layout.h"
#include "sim/model/external_force_queue.h"
#include "sim/core/mirrored_module.h"

namespace weft {

// At most this many one-shot external forces per frame (they travel by vkCmdUpdateBuffer).
constexpr uint32_t kMaxExternalForcesPerFrame = 4096;

class ExternalForces final : public MirroredModule<ExternalForces> {
 public:
  explicit ExternalForces(const ModuleContext& context);

  std::string_view name() const override { return "external forces"; }
  std::vector<const PassInfo*> passes() const override;
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  bool active() const override { return !frame_forces_.empty(); }
  bool writes_forces() const override { return true; }
  void begin_frame() override;
  void end_frame() override { frame_forces_.clear(); }
  uint32_t threads(const Step& step) const override;
  PushConstants push(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override;
  void take_updates(std::vector<BufferUpdate>& updates) override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;

  // A one-shot force, for the next frame: ModelError for a particle the model does not have or a
  // force that is not finite.
  bool take(const SolverEdit& edit) override;
  // The forces of the frame begun, one entry per particle.
  const std::vector<gpu::ExternalForce>& frame_forces() const { return frame_forces_; }

 private:
  friend class MirroredModule<ExternalForces>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  void add(uint32_t particle, const glm::vec3& force);

  const gpu::SimParams& params_;
  ExternalForceQueue queue_;
  std::vector<gpu::ExternalForce> frame_forces_;
  bool uploaded_ = false;
};

}  // namespace weft
