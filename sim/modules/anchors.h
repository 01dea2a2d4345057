// Program-driven pins (after the integrator, as NeHe's RopeSimulation moves its rope connection):
// the model's anchors move their particles at a velocity the program sets, and one more slot
// holds a mouse drag while one is under way (particle_drag.h), pulling its particle towards the
// cursor. One thread per active anchor.
#pragma once

#include <glm/vec3.hpp>

#include "shaders/anchors_layout.h"
#include "sim/core/mirrored_module.h"

namespace weft {

class Anchors final : public MirroredModule<Anchors> {
 public:
  explicit Anchors(const ModuleContext& context);

  std::string_view name() const override { return "anchors"; }
  std::vector<const PassInfo*> passes() const override;
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  bool active() const override { return active_count() > 0; }
  uint32_t threads(const Step&) const override { return active_count(); }
  PushConstants push(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override;
  void take_updates(std::vector<BufferUpdate>& updates) override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;

  // An anchor's velocity (ModelError for an anchor the model does not have); a drag, into the
  // slot after the model's anchors, from the next frame on (ModelError for a particle one of them
  // drives); the drag's end.
  bool take(const SolverEdit& edit) override;

  uint32_t model_anchor_count() const { return static_cast<uint32_t>(anchors_.size()) - 1; }
  // The model's anchors, then the drag slot.
  const std::vector<gpu::Anchor>& anchors() const { return anchors_; }

 private:
  friend class MirroredModule<Anchors>;

  void set_velocity(uint32_t anchor, const glm::vec3& velocity);
  bool drives(uint32_t particle) const;
  void set_drag(uint32_t particle, const glm::vec3& target, float follow_time);

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  uint32_t active_count() const { return model_anchor_count() + (dragging_ ? 1u : 0u); }
  void mark_dirty(uint32_t slot);

  const gpu::SimParams& params_;
  std::vector<gpu::Anchor> anchors_;
  bool dragging_ = false;
  std::vector<uint32_t> dirty_;
};

}  // namespace weft
