// Bending of the cloth grids whose structural links are springs, on either solver path: their
// rows and then their columns solved as bending_lines.h says, once per substep
// (shaders/bend_grid_lines.comp). A grid whose structural links are constraints bends in the
// walks that solve its stretch along the same lines (line_solves.h). Where every particle is a
// node of these grids, the pass along rows also integrates them as it loads them
// (FrameShape::integration_in_lines).
#pragma once

#include "sim/core/mirrored_module.h"
#include "sim/modules/bending_lines.h"

namespace weft {

class GridBending final : public MirroredModule<GridBending> {
 public:
  explicit GridBending(const ModuleContext& context);

  std::string_view name() const override { return "grid bending"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !lines_.empty(); }
  bool has_constraints() const override { return true; }
  bool integrates_every_particle() const override { return lines_.nodes() == particle_count_; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  std::string label(const Step& step) const override;
  uint32_t threads(const Step& step) const override;
  std::vector<ModuleBuffer> buffers() const override { return lines_.buffers(); }
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const BendingLines& lines() const { return lines_; }

 private:
  friend class MirroredModule<GridBending>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& state) const {
    return lines_.elastic_energy(state);
  }

  BendingLines lines_;
  uint32_t particle_count_ = 0;  // the model's
};

}  // namespace weft
