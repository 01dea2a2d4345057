// The viewer's knife: links a stroke across the cloth crossed break at the start of the next
// frame, as if stretched too far (tearing.h), on the GPU (cut_links.comp, then the reach recount
// of update_reach.comp) and in the CPU reference alike. Present wherever a cloth can tear; idle
// in a frame with nothing to cut.
#pragma once

#include <set>
#include <utility>
#include <vector>

#include "shaders/tearing_layout.h"
#include "sim/model/link_state.h"
#include "sim/modules/grid_set.h"
#include "sim/core/mirrored_module.h"

namespace weft {

class Knife final : public MirroredModule<Knife> {
 public:
  explicit Knife(const ModuleContext& context);

  std::string_view name() const override { return "knife"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !grids_.empty(); }
  bool active() const override { return !frame_cuts_.empty(); }
  void begin_frame() override;
  void end_frame() override;
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step& step) const override;
  PushConstants push(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override;
  void take_updates(std::vector<BufferUpdate>& updates) override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  // Cuts: queues links to break at the start of the next frame; a link queued twice breaks once.
  // Throws ModelError, queueing nothing, for a particle outside every cloth that can tear or a
  // direction that leads off its grid or to no link.
  bool take(const SolverEdit& edit) override;
  // Links queued for later frames (a frame takes at most cut_capacity()).
  size_t cuts_queued() const { return queued_.size(); }
  uint32_t cut_capacity() const { return cut_capacity_; }
  // The links the frame begun breaks, as its shader reads them.
  const std::vector<gpu::LinkCut>& frame_cuts() const { return frame_cuts_; }

 private:
  friend class MirroredModule<Knife>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  void cut(const std::vector<LinkCut>& cuts);
  // shaders/cut_links.comp: the frame's cuts applied to `state`.
  void apply_cuts(std::vector<uint32_t>& state, uint32_t& torn_links) const;
  // The reach recount after this frame's cuts.
  uint64_t reach_bytes(const TrafficContext& context) const;

  GridSet grids_;
  uint32_t cut_capacity_ = 0;
  std::set<std::pair<uint32_t, uint32_t>> queued_;  // (thread, forward direction)
  std::vector<gpu::LinkCut> frame_cuts_;            // this frame's, uploaded once
  bool uploaded_ = false;
};

}  // namespace weft
