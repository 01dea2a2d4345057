// Bending of cloth grids, on either solver path: the elements of three nodes along every row and
// column (sim/model/bending_element.h) are solved as one implicit step per line, exactly, once per
// substep (shaders/bend_grid_lines.comp): rows first, then columns. Relaxing the elements one at a
// time moves a bend a node or two per pass, so a finely divided cloth bent far less than its
// material at any affordable number of passes; a line solve carries the bend along the whole line,
// and a strip of cloth droops as much at 1 mm spacing as at 5 mm, and at 8 substeps as at 64
// (docs/physics.md, "How it bends"). Where every particle is a node of these grids, the pass along
// rows also integrates them as it loads them (FrameShape::integration_in_bending).
#pragma once

#include "shaders/grid_bending_layout.h"
#include "sim/core/mirrored_module.h"

namespace weft {

struct GridLayout;

class GridBending final : public MirroredModule<GridBending> {
 public:
  explicit GridBending(const ModuleContext& context);

  std::string_view name() const override { return "grid bending"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !grids_.empty(); }
  bool has_constraints() const override { return true; }
  bool integrates_every_particle() const override { return nodes_ == particle_count_; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  std::string label(const Step& step) const override;
  uint32_t threads(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const std::vector<gpu::BendingGrid>& grids() const { return grids_; }

 private:
  friend class MirroredModule<GridBending>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& state) const;
  void pack(const Model& model);

  std::vector<gpu::BendingGrid> grids_;
  uint32_t particle_count_ = 0;  // the model's
  uint32_t rows_ = 0;     // lines of a dispatch along rows
  uint32_t columns_ = 0;  // and along columns
  uint32_t nodes_ = 0;
};

}  // namespace weft
