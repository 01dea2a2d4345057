// Distance constraints on a grid, relaxed by Jacobi sweeps for the cloth grids on the grid path.
// Each node gathers the XPBD corrections of its constraints from the previous sweep's positions.
// Corrections are scaled (GridParams::jacobi_scale) so that their sum cannot overshoot. Before a
// substep's sweeps, the grids' rows and columns are walked for their bending and the stretch of
// their structural links (line_solves.h), and the first sweep starts those links from the
// multipliers that left.
//
// On the GPU several sweeps are one dispatch (shaders/relax_grid_jacobi.comp): a workgroup sweeps
// a square of nodes in shared memory and writes its middle, the part the sweeps leave exact; up to
// WEFT_GRID_TILE_HALO sweeps a dispatch, half that where the bend links (two nodes apart) are
// constraints. Each dispatch reads the positions and writes the other of two buffers (positions and
// scratch alternate by dispatch), so no workgroup reads what another writes; an odd number of
// dispatches ends in the scratch buffers, which the GPU copies back. The CPU reference runs the
// same sweeps one after another over the whole grid.
#pragma once

#include "sim/modules/grid_set.h"
#include "sim/modules/line_solves.h"
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
  // An even dispatch (Step::part) writes the scratch buffers; the next, or the copy after the
  // last, reads them back.
  bool result_in_scratch(const Step& step) const override {
    return step.pass != &LineSolves::pass() && step.copies.empty() && step.part % 2 == 0;
  }
  std::vector<ModuleBuffer> buffers() const override;
  bool has_constraints() const override { return constraint_links_ > 0; }
  bool integrates_every_particle() const override { return lines_.nodes() == particle_count_; }
  uint64_t bytes(const Step& step, const TrafficContext& context) const override;
  std::vector<uint32_t> apply_edit(const Model& model, const SolverPaths& paths,
                                   EditScope scope) override;

  const GridSet& grids() const { return grids_; }
  const LineSolves& lines() const { return lines_; }
  // Sweeps one dispatch runs at most, and the side of the square of nodes a workgroup writes
  // after `sweeps` of them.
  uint32_t sweeps_per_dispatch() const { return WEFT_GRID_TILE_HALO / reach_; }
  uint32_t tile_after(uint32_t sweeps) const { return WEFT_GRID_TILE_SPAN - 2 * sweeps * reach_; }
  // Squares of `tile` nodes a side that cover every grid.
  uint32_t tile_count(uint32_t tile) const;
  // XPBD multipliers kept: kGridLambdasPerParticle per node when a grid's constraints are
  // compliant, none otherwise (inextensible constraints need none).
  uint64_t lambda_count() const { return uses_lambdas_ ? uint64_t{grids_.thread_count()} * 8 : 0; }

 private:
  friend class MirroredModule<GridJacobi>;

  template <typename Real>
  void run_cpu(const Step& step, CpuPass<Real>& pass) const;
  // One sweep over every grid; `restart`: the substep's first.
  template <typename Real>
  void sweep_cpu(bool restart, CpuPass<Real>& pass, std::vector<Real>& lambdas) const;
  template <typename Real>
  double elastic_energy_of(const ParticleState<Real>& state) const;

  GridSet grids_;
  uint64_t constraint_links_ = 0;  // links of constraint kinds, over every grid
  bool uses_lambdas_ = false;
  // Nodes a sweep carries a correction: 2 where a grid's bend links are constraints, else 1.
  uint32_t reach_ = 1;
  LineSolves lines_;
  uint32_t particle_count_ = 0;  // the model's
};

}  // namespace weft
