// The workgroup the line solves of cloth grids share (bending_walk.glsl, stretch_walk.glsl): a
// line's solve is a chain, each node needing the one before, so one invocation walks each line.
// Walked through device memory, every step would wait for a load; instead a workgroup takes
// LINES lines in chunks of CHUNK nodes: all its invocations load a chunk of every line into
// shared memory at once, the first LINES invocations walk one line each there, side by side, and
// all store the results at once. The shared arrays serve either walk (solve_grid_lines.comp runs
// both, one after the other: 31 KiB of shared memory).
#ifndef WEFT_LINE_WALK_GLSL
#define WEFT_LINE_WALK_GLSL

layout(local_size_x = WEFT_GROUP_SIZE) in;
#include "line_solves_layout.h"
#define LINES WEFT_LINES_PER_GROUP       // lines of a workgroup
#define LANES (WEFT_GROUP_SIZE / LINES)  // invocations loading one line
#define CHUNK (2u * LANES)               // nodes of a line per chunk

// A chunk of each of the workgroup's lines: its nodes' positions (two more for a look-ahead, or
// the node before the chunk) and link states, the factors of its nodes' rows of the system, a
// scalar factor more, what each node moves by, and the stretch's multipliers.
shared vec4 chunk_positions[LINES][CHUNK + 2];
shared uint chunk_links[LINES][CHUNK + 2];
shared vec4 chunk_factors[LINES][CHUNK];
shared float chunk_scalars[LINES][CHUNK];
shared vec3 chunk_moves[LINES][CHUNK];
shared float chunk_multipliers[LINES][CHUNK];

// The workgroup's lines: the first is this; in loading and storing, an invocation handles nodes
// lane, lane + LANES, ... of each chunk of line `slot`; walking, invocation `walker` walks line
// `walker` (the walkers sit side by side, in one SIMD group).
uint walk_first_line() {
  return (gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * LINES;
}
uint walk_slot() { return gl_LocalInvocationID.x / LANES; }
uint walk_lane() { return gl_LocalInvocationID.x % LANES; }
uint walk_walker() { return gl_LocalInvocationID.x; }

#endif  // WEFT_LINE_WALK_GLSL
