// Tethers (long-range attachments, Kim, Chentanez and Müller 2012): each free particle of an
// object with tethers is attached to its two nearest pins, and may be no further from each than
// its distance along the rest shape times the object's scale (nearest_pins.h). Projected once per
// substep after the relaxation sweeps, one thread per particle: the sweeps correct a cloth
// locally, and the error they leave grows with the distance to the pins, which is what the
// tethers remove. They hold whatever the pins do (anchors move them; the tethers read the pins'
// current positions) and are rebuilt when a particle is pinned or freed.
#pragma once

#include "shaders/tethers.h"
#include "sim/nearest_pins.h"
#include "sim/solver_module.h"

namespace weft {

class Tethers final : public SolverModule {
 public:
  explicit Tethers(const ModuleContext& context);

  std::string_view name() const override { return "tethers"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !groups_.empty(); }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step&) const override { return params_.particle_count; }
  PushConstants push(const Step& step) const override;
  void run(const Step&, CpuPass<float>& pass) const override { relax(pass); }
  void run(const Step&, CpuPass<double>& pass) const override { relax(pass); }
  std::vector<ModuleBuffer> buffers() const override;
  void take_updates(std::vector<BufferUpdate>& updates) override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  void pins_changed(const std::vector<float>& inverse_masses) override;

  // One per particle; pin0 = WEFT_TETHER_NONE for a particle without tethers.
  const std::vector<gpu::Tether>& tethers() const { return tethers_; }

 private:
  template <typename Real>
  void relax(CpuPass<Real>& pass) const;
  // Attaches every free particle of every group to its nearest pins.
  void attach(const std::vector<float>& inverse_masses);

  const gpu::SimParams& params_;
  std::vector<RestShape> groups_;
  std::vector<gpu::Tether> tethers_;
  bool dirty_ = false;  // attached again since the GPU's copy was written
};

}  // namespace weft
