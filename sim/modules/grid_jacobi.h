// Distance constraints on a grid, relaxed by Jacobi sweeps for the cloth
// grids on the grid path: one dispatch per sweep over every grid (their bending is
// grid_bending.h's). Each node gathers the XPBD corrections of its constraints from the previous
// sweep's positions and writes its new position into the other of two buffers (positions and
// scratch alternate by sweep), so no thread reads what another writes. Corrections are scaled
// (GridParams::jacobi_scale) so that their sum cannot overshoot. An odd number of sweeps ends in
// the scratch buffers: the GPU copies them back. Before a substep's sweeps, the structural links
// are solved along the grids' rows and columns (stretch_lines.h), and the first sweep starts them
// from the multipliers that left.
#pragma once

#include "sim/modules/grid_set.h"
#include "sim/modules/stretch_lines.h"
#include "sim/core/mirrored_module.h"

namespace weft {

class GridJacobi final : public MirroredModule<GridJacobi> {
 public:
  explicit GridJacobi(const ModuleContext& context);

  std::string_view name() const override { return "grid constraints"; }
  std::vector<const PassInfo*> passes() const override;
  bool needed() const override { return constraint_links_ > 0; }
  void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                std::vector<Step>& steps) const override;
  std::string label(const Step& step) const override;
  uint32_t threads(const Step& step) const override;
  // An even sweep writes the scratch buffers; the next sweep, or the copy after the last, reads
  // them back.
  bool result_in_scratch(const Step& step) const override {
    return step.pass != &StretchLines::pass() && step.copies.empty() && step.sweep % 2 == 0;
  }
  std::vector<ModuleBuffer> buffers() const override;
  bool has_constraints() const override { return constraint_links_ > 0; }
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const GridSet& grids() const { return grids_; }
  const StretchLines& lines() const { return lines_; }
  // XPBD multipliers kept: kGridLambdasPerParticle per node when a grid's constraints are
  // compliant, none otherwise (inextensible constraints need none).
  uint64_t lambda_count() const { return uses_lambdas_ ? uint64_t{grids_.thread_count()} * 8 : 0; }

 private:
  friend class MirroredModule<GridJacobi>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& state) const;

  GridSet grids_;
  uint64_t constraint_links_ = 0;  // links of constraint kinds, over every grid
  bool uses_lambdas_ = false;
  StretchLines lines_;
};

}  // namespace weft
