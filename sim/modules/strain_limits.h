// Strain limits of cloth grids (multi-resolution strain limiting, after Wang, O'Brien and
// Ramamoorthi 2010): every pair of nodes 2, 4, 8, ... apart along a row or a column of a grid may
// be no further apart than the object's tether scale times their rest distance (model.h), the
// limit its tethers also hold (tethers.h), and neighbours no further than the material's whole
// allowance (TetherGroup::link_scale): the link itself is the material, and the allowance is what
// it promises. Projected in two Jacobi passes per substep after the relaxation sweeps and the
// tethers, one thread per node (shaders/limit_strain.comp), on either solver path: the tethers
// pull whole regions back towards the pins, and the limits then even out between neighbours what
// that leaves, so that no link ends a substep stretched by the tethers' last move. Where
// self-collision runs, the two passes run again after it, for the same reason: it pushes the
// layers of a fold a thickness apart with no regard for the links, and a link it stretched would
// otherwise end the substep so. Those passes settle: they move the previous positions too and add
// no velocity, so that where the two cannot both be met the turns they take give the layers no
// speed (docs/physics.md, "The strain limits again after self-collision").
//
// Why: woven cloth locks after a fraction of a percent of stretch, and the relaxation sweeps move
// a correction only a few links per sweep, so where a large grid carries its load across many
// links (the top edge of a cloth hung from two corners, between the pins) their leftover error
// shows as stretch that grows with the resolution. The tethers shorten the paths to the pins; the
// pairs at every scale shorten every other path, so a few sweeps hold a grid of any size.
// Pairs closer than their limit are left alone: the material's own stiffness decides how much of
// its allowance the cloth uses.
#pragma once

#include <string>

#include <glm/vec2.hpp>

#include "shaders/strain_limits_layout.h"
#include "sim/modules/grid_set.h"
#include "sim/core/mirrored_module.h"

namespace weft {

class StrainLimits final : public MirroredModule<StrainLimits> {
 public:
  explicit StrainLimits(const ModuleContext& context);

  std::string_view name() const override { return "strain limits"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return !grids_.empty(); }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  uint32_t threads(const Step&) const override { return grids_.thread_count(); }
  bool result_in_scratch(const Step& step) const override { return step.part % 2 == 0; }
  std::string label(const Step& step) const override {
    const uint32_t pass = step.part % WEFT_STRAIN_LIMIT_PASSES + 1;
    return std::string(step.pass->name) +
           (step.part < WEFT_STRAIN_LIMIT_PASSES ? " (pass " : " after self-collision (pass ") +
           std::to_string(pass) + ")";
  }
  std::vector<ModuleBuffer> buffers() const override;
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  // A material edit: each grid's scales from its tether group again.
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const GridSet& grids() const { return grids_; }
  // Per grid: its tethers' scale and its links' (TetherGroup::scale, link_scale).
  const std::vector<glm::vec2>& scales() const { return scales_; }

 private:
  friend class MirroredModule<StrainLimits>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  // A row of a grid, the CPU's unit of work.
  struct GridRow {
    uint32_t grid;
    uint32_t row;
    const gpu::GridParams* params;
    uint32_t first_particle;  // its first node's particle and thread
    uint32_t first_thread;
  };
  GridRow grid_row(uint32_t row_item) const;
  void pack_scales(const Model& model);

  GridSet grids_;
  std::vector<glm::vec2> scales_;
  // The CPU's work items are rows: grid g's are grid_rows_[g] to grid_rows_[g + 1] - 1.
  std::vector<uint32_t> grid_rows_;
  bool after_self_collision_ = false;  // both passes again after self-collision, where it runs
};

}  // namespace weft
