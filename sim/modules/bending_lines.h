// The bending of cloth grids solved along lines: the elements of three nodes along every row and
// column (sim/model/bending_element.h) as one implicit step per line, exactly, rows first, then
// columns (shaders/bending_walk.glsl). Relaxing the elements one at a time moves a bend a node or
// two per pass, so a finely divided cloth bent far less than its material at any affordable
// number of passes; a line solve carries the bend along the whole line, and a strip of cloth
// droops as much at 1 mm spacing as at 5 mm, and at 8 substeps as at 64 (docs/physics.md, "How it
// bends"). Two passes walk these lines: the grid bending module's, for grids whose structural
// links are springs (grid_bending.h), and the line solves of grids whose structural links are
// constraints, which walk each line for its stretch right after (line_solves.h).
#pragma once

#include <cstdint>
#include <vector>

#include "shaders/grid_bending_layout.h"
#include "sim/core/solver_module.h"

namespace weft {

struct GridLayout;

class BendingLines {
 public:
  BendingLines() = default;
  // The lines of `layouts` in turn; a grid that does not bend is walked but moves nothing.
  explicit BendingLines(const std::vector<GridLayout>& layouts);

  bool empty() const { return grids_.empty(); }
  const std::vector<gpu::BendingGrid>& grids() const { return grids_; }
  uint32_t nodes() const { return nodes_; }
  // Lines of a dispatch along `axis` (WEFT_BEND_ALONG_*): every grid's rows, or its columns.
  uint32_t line_count(uint32_t axis) const {
    return axis == WEFT_BEND_ALONG_ROWS ? rows_ : columns_;
  }
  // What the walk along rows integrates in a frame of this shape (WEFT_BEND_INTEGRATE_*), where it
  // integrates at all: the environment's force where no gather ran, else the gathered one.
  static uint32_t integration(const FrameShape& shape) {
    return shape.environment_in_integration ? WEFT_BEND_INTEGRATE_ENVIRONMENT
                                            : WEFT_BEND_INTEGRATE_FORCES;
  }
  // The CPU's integration of a walk that integrates (`integrate`, WEFT_BEND_INTEGRATE_*): every
  // particle at once, before the lines. The shader integrates each as it loads it, which comes to
  // the same (a step reads only its own particle).
  template <typename Real>
  static void integrate_first(uint32_t integrate, CpuPass<Real>& pass);
  // Line t of `axis`, solved as its walk solves it (shaders/bending_walk.glsl), the particles
  // already integrated where the walk integrates them.
  template <typename Real>
  void solve_line(uint32_t axis, uint32_t t, const gpu::SimParams& params,
                  ParticleState<Real>& state) const;
  // Elastic energy of every bending element, J.
  template <typename Real>
  double elastic_energy(const ParticleState<Real>& state) const;
  // Bytes a walk along `axis` moves of its own (the bench's traffic model): the grids and the
  // factors.
  uint64_t bytes(uint32_t axis) const;
  // Bytes of the particles' state a pass over these lines moves, once however many walks it runs
  // over them (the traffic model counts an element once per dispatch), integrating as `integrate`
  // says (WEFT_BEND_INTEGRATE_*).
  uint64_t state_bytes(const TrafficContext& context, uint32_t integrate) const;
  // The walk's buffers: grids, elimination factors, elimination betas.
  std::vector<ModuleBuffer> buffers() const;
  // The same grids with edited materials; false when the lines would change.
  bool apply_materials(const std::vector<GridLayout>& layouts);

 private:
  std::vector<gpu::BendingGrid> grids_;
  uint32_t rows_ = 0;
  uint32_t columns_ = 0;
  uint32_t nodes_ = 0;
};

}  // namespace weft
