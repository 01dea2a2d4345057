// The structural links of cloth grids solved along lines (sim/modules/stretch_lines.h): a pass
// of the module that relaxes those links' constraints, the coloured sweeps' or the grid Jacobi
// sweeps', so that it writes the multipliers their first sweep starts from into the module's
// own. The walk of stretch_walk.glsl (run by solve_grid_lines.comp) and the C++ that packs it.
// Included by GLSL and C++ alike.
#ifndef WEFT_STRETCH_LINES_H
#define WEFT_STRETCH_LINES_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Bindings in the owning module's set: its multipliers, then four of the line solve's own. The
// owning modules keep their multipliers at 1 and leave 3 to 6 to these (static_asserts in
// stretch_lines.cpp).
#define WEFT_STRETCH_BINDING_LAMBDAS 1
#define WEFT_STRETCH_BINDING_GRIDS 3
#define WEFT_STRETCH_BINDING_FACTORS 4    // per link: the elimination's pivot and right-hand side
#define WEFT_STRETCH_BINDING_COUPLINGS 5  // per link: its coupling with the link before
#define WEFT_STRETCH_BINDING_SLOTS 6      // per link: where its multiplier goes

// Axes of a dispatch: the lines are the grids' rows, or their columns.
#define WEFT_STRETCH_ALONG_ROWS 0u
#define WEFT_STRETCH_ALONG_COLUMNS 1u

// A link without a multiplier slot (the first node of a line has no link before it).
#define WEFT_STRETCH_NO_SLOT 0xffffffffu

// One cloth grid whose structural links are constraints. Link i of a line joins its nodes
// i - 1 and i and is kept in node i's slot.
struct StretchGrid {
  uint first_particle;  // node (c, r) is particle first_particle + r * columns + c
  uint columns;
  uint rows;
  uint first_node;         // its nodes' first slot in the factors, couplings and slots buffers
  uint first_row_line;     // the thread of its first row in a dispatch along rows
  uint first_column_line;  // the thread of its first column in a dispatch along columns
  uint tears;              // 1: skip the links that tore (link state)
  uint pad0;
  vec4 rest_lengths;  // m: x a link along a row, y along a column
  // m/N: x a structural link stretched (or at its length), y one shorter than its rest length
  vec4 compliance;
};

// What a walk of stretch_walk.glsl solves.
struct StretchLinesPush {
  uint axis;        // WEFT_STRETCH_ALONG_ROWS or WEFT_STRETCH_ALONG_COLUMNS
  uint line_count;  // rows (or columns) of every grid
  uint grid_count;
  uint keeps_multipliers;  // 1: write each link's multiplier where its slot says
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_STRETCH_LINES_H
