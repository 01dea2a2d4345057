// Bending elements (sim/bending.h) of the objects on the general path: meshes, and cloth grids
// that run on the general modules. Relaxed every second substep, in the first relaxation sweep:
// the elements are soft and linear, so one exact XPBD step whose compliance is divided by the
// substeps it stands for gives the impulse their forces give over those substeps, at any substep
// count. Bending is the slowest motion of a cloth, and its six colours are a third of a
// substep's dispatches and bytes: relaxing it every second substep buys the general path more
// substeps, which is what holds the length of a large grid (docs/physics.md, "How stiff is the
// cloth"). Split into colours (element_coloring.h), one dispatch each.
#pragma once

#include "shaders/bending.h"
#include "sim/bending.h"
#include "sim/element_coloring.h"
#include "sim/solver_module.h"

namespace weft {

class Bending final : public SolverModule {
 public:
  explicit Bending(const ModuleContext& context);

  // Substeps one relaxation of the elements stands for; the last of a frame may stand for fewer.
  static constexpr uint32_t kSubstepsPerStep = 2;

  std::string_view name() const override { return "bending"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !elements_.empty(); }
  bool has_constraints() const override { return true; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  std::string label(const Step& step) const override;
  uint32_t threads(const Step& step) const override;
  void run(const Step& step, CpuPass<float>& pass) const override { relax(step, pass); }
  void run(const Step& step, CpuPass<double>& pass) const override { relax(step, pass); }
  std::vector<ModuleBuffer> buffers() const override;
  double elastic_energy(const ParticleState<float>& state) const override { return energy(state); }
  double elastic_energy(const ParticleState<double>& state) const override { return energy(state); }
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  // Packed in colour order; colour c is elements()[offsets()[c] .. offsets()[c + 1]).
  const std::vector<gpu::BendingElement>& elements() const { return elements_; }
  const std::vector<uint32_t>& offsets() const { return offsets_; }

 private:
  template <typename Real>
  void relax(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  double energy(const ParticleState<Real>& state) const;
  void pack(const Model& model, const std::vector<BendingElement>& elements);

  std::vector<gpu::BendingElement> elements_;
  std::vector<uint32_t> offsets_;
};

}  // namespace weft
