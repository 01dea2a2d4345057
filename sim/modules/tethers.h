// Tethers (long-range attachments, Kim, Chentanez and Müller 2012): each free particle of an
// object with tethers is attached to its two nearest pins, and may be no further from each than
// its distance along the rest shape times the object's scale (nearest_pins.h). Projected after
// the relaxation sweeps and before the strain limits (strain_limits.h), one thread per particle:
// the sweeps correct a cloth locally, and the error they leave grows with the distance to the
// pins, which is what the tethers remove. A particle held by two pins shares the slack between
// them: each tether's allowance over its rest distance is the scale's, weighted by the other
// tether's share of the two rest distances (share_slack in tethers.cpp says why). They hold
// whatever the pins do (anchors move them; the tethers read the pins' current positions) and are
// rebuilt when a particle is pinned or freed.
//
// A cloth that tears keeps its tethers while they fit it: before the tethers are relaxed, a check
// cuts every tether whose straight line to its pin, through the grid's nodes, crosses a torn
// link (shaders/check_tethers.comp), so a torn piece hangs only from the pins it is still joined
// to. The check walks those lines, so it runs only in a substep in which links have torn. And a
// tether of a cloth that tears lets go while its particle is further from the pin than the cloth
// along it could stretch without breaking, as when two pins it hangs from move apart: then the
// links carry the pull, and break where it gathers, instead of the tether hiding it.
#pragma once

#include <cstdint>

#include "shaders/tethers_layout.h"
#include "sim/modules/grid_set.h"
#include "sim/model/nearest_pins.h"
#include "sim/core/mirrored_module.h"

namespace weft {

class Tethers final : public MirroredModule<Tethers> {
 public:
  explicit Tethers(const ModuleContext& context);

  std::string_view name() const override { return "tethers"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !groups_.empty(); }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step& step) const override;
  PushConstants push(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override;
  void take_updates(std::vector<BufferUpdate>& updates) override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  void pins_changed(const std::vector<float>& inverse_masses) override;
  // A material edit: the groups' scales and the tearing cloths' break strains, then every
  // tether again.
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  // One per particle; pin0 = WEFT_TETHER_NONE for a particle without tethers.
  const std::vector<gpu::Tether>& tethers() const { return tethers_; }

 private:
  friend class MirroredModule<Tethers>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  void check(CpuPass<Real>& pass) const;
  template <typename Real>
  void relax(CpuPass<Real>& pass) const;
  // Attaches every free particle of every group to its nearest pins.
  void attach(const std::vector<float>& inverse_masses);
  // How far along a tether of a cloth that tears it lets go, per particle (0: it does not).
  void measure_give_way(const Model& model);

  const gpu::SimParams& params_;
  std::vector<RestShape> groups_;
  std::vector<gpu::Tether> tethers_;
  GridSet tearing_grids_;  // the grids that tear and have tethers: those check_tethers.comp walks
  std::vector<float> give_way_;  // per particle (WEFT_TETHERS_BINDING_GIVE_WAY)
  bool dirty_ = false;           // attached again since the GPU's copy was written
  // The CPU's copy of the GPU's count of torn links at the last check (WEFT_TETHERS_UNCHECKED:
  // check at the next substep): the one state a CPU step keeps in its module.
  mutable uint32_t checked_torn_links_ = 0;
};

}  // namespace weft
