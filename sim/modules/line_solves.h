// The rows and columns of the cloth grids whose structural links are constraints, solved along
// their length once per substep before the relaxation sweeps: a pass of the module that relaxes
// those links (coloured_distance.h on the general path, grid_jacobi.h on the grid path), in two
// dispatches, every row and then every column (shaders/solve_grid_lines.comp). Each walk of a line
// solves its bending's implicit step exactly (bending_lines.h) and then its structural links'
// XPBD step (stretch_lines.h), writing the links' multipliers into the owning module's. One walk
// for both, not one each: a substep has two dispatches fewer, and reads and writes the positions
// once a line instead of twice. Along rows, where every particle is a node of these grids, the
// walk integrates them first (FrameShape::integration_in_lines).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "shaders/line_solves_layout.h"
#include "sim/modules/bending_lines.h"
#include "sim/modules/stretch_lines.h"

namespace weft {

class LineSolves {
 public:
  LineSolves() = default;
  // The grids of `layouts` whose structural links are constraints (stretch_solved_along_lines);
  // keeps_multipliers and slot as StretchLines takes them.
  LineSolves(const std::vector<GridLayout>& layouts, bool keeps_multipliers,
             const StretchLines::MultiplierSlot& slot);

  bool empty() const { return stretch_.empty(); }
  const StretchLines& stretch() const { return stretch_; }
  const BendingLines& bending() const { return bending_; }
  // Particles that are nodes of these grids.
  uint32_t nodes() const { return bending_.nodes(); }
  static const PassInfo& pass();
  // The two steps (rows, then columns) of substep `substep`, as steps of `module`; `integrate`:
  // the walk along rows integrates every particle first (FrameShape::integration_in_lines).
  void schedule(const SolverModule& module, const FrameShape& shape, bool integrate,
                uint32_t substep, std::vector<Step>& steps) const;
  std::string label(const Step& step) const;
  uint32_t threads(const Step& step) const;
  // The walks' own buffers, for bindings WEFT_STRETCH_BINDING_GRIDS to
  // WEFT_LINES_BINDING_BENDING_BETAS in turn.
  std::vector<ModuleBuffer> buffers() const;
  // shaders/solve_grid_lines.comp; `lambdas`: the owning module's multipliers.
  template <typename Real>
  void run(const Step& step, CpuPass<Real>& pass, std::vector<Real>& lambdas) const;
  template <typename Real>
  double bending_energy(const ParticleState<Real>& state) const {
    return bending_.elastic_energy(state);
  }
  uint64_t bytes(const Step& step, const TrafficContext& context) const;
  // The same grids with edited materials (a live edit); false when the lines would change.
  bool apply_materials(const std::vector<GridLayout>& layouts);

 private:
  StretchLines stretch_;
  BendingLines bending_;  // the same grids, line for line
};

}  // namespace weft
