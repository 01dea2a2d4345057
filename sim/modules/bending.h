// Bending elements (sim/model/bending_element.h) listed in the model: the hinges of triangle meshes
// (cloth grids bend along their lines: bending_lines.h). Relaxed in every relaxation sweep, before
// the distance constraints, with XPBD multipliers gathered over the substep: one exact step of each
// linear element at a time, in colours (element_coloring.h), one dispatch each.
//
// One pass over the colours moves a bend a hinge or two. Where the hinges are stiff against the
// particles' inertia within a substep (a fine mesh: the ratio grows as dt^2 B / (rho h^4)), the
// sweeps alone leave the bending unconverged and the mesh too soft, so each sweep repeats the
// colours as often as the stiffest hinge's ratio asks (hinge_repeats; docs/physics.md, "How it
// bends"): once on a coarse mesh, tens of times at a millimetre.
#pragma once

#include "shaders/bending_layout.h"
#include "sim/model/bending_element.h"
#include "sim/model/element_coloring.h"
#include "sim/core/mirrored_module.h"

namespace weft {

class Bending final : public MirroredModule<Bending> {
 public:
  explicit Bending(const ModuleContext& context);

  std::string_view name() const override { return "bending"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !elements_.empty(); }
  bool has_constraints() const override { return true; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  std::string label(const Step& step) const override;
  uint32_t threads(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  // Packed in colour order; colour c is elements()[offsets()[c] .. offsets()[c + 1]).
  const std::vector<gpu::BendingElement>& elements() const { return elements_; }
  const std::vector<uint32_t>& offsets() const { return offsets_; }
  // How many times each sweep relaxes every colour.
  uint32_t repeats() const { return repeats_; }

 private:
  friend class MirroredModule<Bending>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& state) const;
  void pack(const Model& model, const std::vector<BendingElement>& elements);

  std::vector<gpu::BendingElement> elements_;
  std::vector<uint32_t> offsets_;
  uint32_t repeats_ = 1;
};

}  // namespace weft
