// The line solves of cloth grids (sim/modules/line_solves.h): every row, then every column, of
// each grid walked by one invocation, bending and then stretch (solve_grid_lines.comp), or
// bending alone (bend_grid_lines.comp). Included by GLSL and C++ alike.
#ifndef WEFT_LINE_SOLVES_LAYOUT_H
#define WEFT_LINE_SOLVES_LAYOUT_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Lines one workgroup walks, side by side (line_walk.glsl).
#define WEFT_LINES_PER_GROUP 8u

// In the set of the module that relaxes the grids' links (the coloured sweeps' or the grid
// Jacobi sweeps'), after the stretch's own (stretch_lines_layout.h): the bending's.
#define WEFT_LINES_BINDING_BENDING_GRIDS 7
#define WEFT_LINES_BINDING_BENDING_FACTORS 8  // per node: the elimination's z.xyz and alpha
#define WEFT_LINES_BINDING_BENDING_BETAS 9    // per node: the elimination's beta

// Push constants of solve_grid_lines.comp.
struct LineSolvesPush {
  uint axis;        // WEFT_STRETCH_ALONG_ROWS (= WEFT_BEND_ALONG_ROWS) or _COLUMNS
  uint line_count;  // rows (or columns) of every grid
  uint grid_count;
  uint integrate;          // WEFT_BEND_INTEGRATE_*: along rows, the nodes are integrated first
  uint keeps_multipliers;  // 1: write each link's multiplier where its slot says
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_LINE_SOLVES_LAYOUT_H
