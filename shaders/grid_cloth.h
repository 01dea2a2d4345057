// Cloth grids on the grid path (sim/modules/grid_springs.h, sim/modules/grid_jacobi.h): every
// link follows from a node's column and row, so no link list is read. Several grids share one
// dispatch: thread t belongs to the grid whose [first_thread, first_thread + columns * rows)
// holds it. Included by GLSL and C++ alike.
#ifndef WEFT_GRID_CLOTH_H
#define WEFT_GRID_CLOTH_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Set 1 of the grid passes: the grids first, then the module's own buffers.
#define WEFT_GRID_BINDING_GRIDS 0
#define WEFT_GRID_BINDING_LAMBDAS 1  // relax_grid_jacobi: multipliers of the links
#define WEFT_GRID_BINDING_SCRATCH 2  // relax_grid_jacobi: positions of even sweeps
// 3 to 9: the line solves of bending and stretch (stretch_lines_layout.h, line_solves_layout.h)
#define WEFT_GRID_BINDING_LAMBDAS_SCRATCH 10  // relax_grid_jacobi: multipliers of even sweeps

// Bits of GridParams::spring_kinds and constraint_kinds
#define WEFT_GRID_STRUCTURAL 1
#define WEFT_GRID_SHEAR 2
#define WEFT_GRID_BEND 4
// XPBD multipliers per grid node: slots 0..5 used, padded to two vec4s.
#define WEFT_GRID_LAMBDAS_PER_PARTICLE 8

// One cloth grid (sim/model/grid_layout.h): one material per link kind (x structural, y shear,
// z bend) and one rest length per direction.
struct GridParams {
  uint columns;
  uint rows;
  uint spring_kinds;       // WEFT_GRID_* bits: link kinds that are springs
  uint constraint_kinds;   // WEFT_GRID_* bits: link kinds that are distance constraints
  vec4 rest_lengths;       // m: x (+1,0), y (0,+1), z (+1,+1), w (-1,+1)
  vec4 bend_rest_lengths;  // m: x (+2,0), y (0,+2)
  vec4 stiffness;          // ks per kind, N/m
  vec4 damping;            // kd per kind, N s/m
  vec4 compliance;         // per kind, m/N
  vec4 compression;        // per kind, m/N: the compliance of a link shorter than its rest length
  float jacobi_scale;      // share of each constraint's correction a Jacobi sweep applies
  uint uses_lambdas;       // 1 when a constraint kind has compliance > 0 (multipliers matter)
  uint first_particle;     // node (c, r) is particle first_particle + r * columns + c
  uint first_thread;       // its node (c, r) is thread first_thread + r * columns + c
  // Links stretched beyond this strain break (sim/modules/tearing.h); 0: the grid never tears,
  // and its passes do not read the link state.
  float break_strain;
  // 1: the structural links are solved along lines before the sweeps (stretch_lines_layout.h),
  // and the first sweep starts from the multipliers that left.
  uint structural_solved_along_lines;
  uint pad1;
  uint pad2;
};

// Push constants of the grid passes.
struct GridPush {
  uint thread_count;  // nodes of every grid
  uint grid_count;
  uint reset_lambda;  // relax_grid_jacobi: 1 on the first sweep of a substep
  uint read_scratch;  // relax_grid_jacobi: 1 when this sweep reads the scratch copies (odd sweeps)
};

// relax_grid_jacobi: a workgroup loads a square of WEFT_GRID_TILE_SPAN nodes a side (up to
// WEFT_GRID_TILE_NODES per invocation) and writes the WEFT_GRID_TILE nodes a side in its middle,
// after as many sweeps as its halo (WEFT_GRID_TILE_HALO nodes deep) lets it run exactly: one node
// of halo per sweep, two where the bend links (two nodes apart) are constraints.
#define WEFT_GRID_TILE 16
#define WEFT_GRID_TILE_HALO 4
#define WEFT_GRID_TILE_SPAN (WEFT_GRID_TILE + 2 * WEFT_GRID_TILE_HALO)
#define WEFT_GRID_TILE_NODES \
  ((WEFT_GRID_TILE_SPAN * WEFT_GRID_TILE_SPAN + WEFT_GROUP_SIZE - 1) / WEFT_GROUP_SIZE)

// Push constants of relax_grid_tiles.
struct GridTilesPush {
  uint thread_count;  // invocations: tile_count * WEFT_GROUP_SIZE
  uint grid_count;
  uint reset_lambda;  // 1 when the dispatch's first sweep is the first of a substep
  uint read_scratch;  // 1 when it reads the scratch copies (and writes the others)
  uint sweeps;        // sweeps this dispatch runs
  uint tile;          // nodes a side of the square a workgroup writes
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_GRID_CLOTH_H
