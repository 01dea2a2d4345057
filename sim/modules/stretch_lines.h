// The structural links of cloth grids solved along lines, once per substep before the relaxation
// sweeps, in the walks of the line solves (line_solves.h), right after the same lines' bending.
// Along one line the links' XPBD step is a tridiagonal system, solved exactly for the links
// linearised where they lie (shaders/stretch_walk.glsl). A sweep of single projections moves a
// correction a node or two along the cloth, so while a fine cloth fell or swung its long lines
// stretched by percents before the sweeps caught up; the line solve carries the correction the
// whole length of the line in one pass. It writes each link's multiplier into the owning
// module's (coloured_distance.h on the general path, grid_jacobi.h on the grid path), which its
// first sweep then continues from instead of 0: XPBD's multiplier is what makes a compliant link
// as stiff as its material, however many times it is solved (docs/physics.md, "How it bends").
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "shaders/stretch_lines_layout.h"
#include "sim/core/solver_module.h"

namespace weft {

struct GridLayout;

class StretchLines {
 public:
  // Where the multiplier of a link goes in the owning module's: given the grid (its index in
  // `layouts`), the link's lower node in the grid and its axis (WEFT_STRETCH_ALONG_*).
  using MultiplierSlot = std::function<uint32_t(size_t grid, uint32_t lower, uint32_t axis)>;

  StretchLines() = default;
  // The grids of `layouts` whose structural links are constraints (stretch_solved_along_lines).
  // keeps_multipliers: whether the owning module keeps multipliers (else slot is not called).
  StretchLines(const std::vector<GridLayout>& layouts, bool keeps_multipliers,
               const MultiplierSlot& slot);

  bool empty() const { return grids_.empty(); }
  const std::vector<gpu::StretchGrid>& grids() const { return grids_; }
  const std::vector<glm::uvec2>& slots() const { return slots_; }
  bool keeps_multipliers() const { return keeps_multipliers_; }
  // Links solved: every structural link of the grids.
  uint64_t link_count() const { return links_; }
  // Lines of a walk along `axis` (WEFT_STRETCH_ALONG_*): every grid's rows, or its columns.
  uint32_t line_count(uint32_t axis) const {
    return axis == WEFT_STRETCH_ALONG_ROWS ? rows_ : columns_;
  }
  // The line solve's own buffers, for bindings WEFT_STRETCH_BINDING_GRIDS to _SLOTS in turn.
  std::vector<ModuleBuffer> buffers() const;
  // Line t of `axis`, solved as its walk solves it (shaders/stretch_walk.glsl); `lambdas`: the
  // owning module's multipliers.
  template <typename Real>
  void solve_line(uint32_t axis, uint32_t t, const gpu::SimParams& params,
                  ParticleState<Real>& state, std::vector<Real>& lambdas) const;
  // Bytes a walk along `axis` moves of its own (the bench's traffic model): the grids, the
  // factors and the multipliers. The pass that walks counts the particles' state.
  uint64_t bytes(uint32_t axis) const;
  // The same grids with edited materials (a live edit); false when the lines would change.
  bool apply_materials(const std::vector<GridLayout>& layouts);

 private:
  std::vector<gpu::StretchGrid> grids_;
  std::vector<glm::uvec2> slots_;  // per node: its row link's and its column link's multiplier
  uint32_t rows_ = 0;              // lines of a dispatch along rows
  uint32_t columns_ = 0;           // and along columns
  uint32_t nodes_ = 0;
  uint64_t links_ = 0;
  bool keeps_multipliers_ = false;
};

}  // namespace weft
