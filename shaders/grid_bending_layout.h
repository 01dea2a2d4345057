// Bending of cloth grids solved along lines (sim/modules/bending_lines.h): the walk of
// bending_walk.glsl, which bend_grid_lines.comp and solve_grid_lines.comp run, and the C++ that
// packs it. Included by GLSL and C++ alike.
#ifndef WEFT_GRID_BENDING_H
#define WEFT_GRID_BENDING_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Bindings of the grid bending module's own pass (bend_grid_lines.comp).
#define WEFT_GRID_BENDING_BINDING_GRIDS 0
#define WEFT_GRID_BENDING_BINDING_FACTORS 1  // per node: the elimination's z.xyz and alpha
#define WEFT_GRID_BENDING_BINDING_BETAS 2    // per node: the elimination's beta

// Axes of a dispatch: the lines are the grids' rows, or their columns.
#define WEFT_BEND_ALONG_ROWS 0u
#define WEFT_BEND_ALONG_COLUMNS 1u

// One cloth grid whose lines a bending walk solves.
struct BendingGrid {
  uint first_particle;  // node (c, r) is particle first_particle + r * columns + c
  uint columns;
  uint rows;
  uint first_node;         // its nodes' first slot in the factors and betas buffers
  uint first_row_line;     // the thread of its first row in a dispatch along rows
  uint first_column_line;  // the thread of its first column in a dispatch along columns
  uint tears;              // 1: skip the elements across torn links (link state)
  uint bends;              // 0: the grid does not bend (its lines are walked for its stretch)
  // Compliance (m/N) of an element of three nodes along a row (x) or a column (y) inside the
  // cloth; an element on an edge row or column stands for half the width and has twice this.
  vec4 compliance;
};

// What a dispatch along rows does to each free node before it solves: nothing, or the
// integrator's step (integration.glsl) with the force gathered into forces[], or with the
// environment's force computed there (FrameShape::environment_in_integration).
#define WEFT_BEND_INTEGRATE_NONE 0u
#define WEFT_BEND_INTEGRATE_FORCES 1u
#define WEFT_BEND_INTEGRATE_ENVIRONMENT 2u

// What a walk of bending_walk.glsl solves: the push constants of bend_grid_lines.comp.
struct GridBendingPush {
  uint axis;        // WEFT_BEND_ALONG_ROWS or WEFT_BEND_ALONG_COLUMNS
  uint line_count;  // rows (or columns) of every grid
  uint grid_count;
  uint integrate;  // WEFT_BEND_INTEGRATE_*
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_GRID_BENDING_H
