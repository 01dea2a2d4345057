#version 450
// Bending and stretch of cloth grids along lines, once per substep before the relaxation sweeps:
// every row of every grid whose structural links are constraints, then every column (two
// dispatches). A workgroup solves the implicit step of its lines' bending (bending_walk.glsl) and
// then the XPBD step of their structural links (stretch_walk.glsl): both walk the same lines, so
// one dispatch does both, and the positions the bending leaves are still in the workgroup's cache
// when the stretch reads them. Along rows, where every particle is a node of these grids, the
// bending's walk integrates them first. Each link's multiplier goes into the owning module's
// (relax_distance or relax_grid_jacobi), whose first sweep continues from it.
// Mirrors LineSolves::run in sim/modules/line_solves.cpp.
#define BENDING_GRIDS_BINDING WEFT_LINES_BINDING_BENDING_GRIDS
#define BENDING_FACTORS_BINDING WEFT_LINES_BINDING_BENDING_FACTORS
#define BENDING_BETAS_BINDING WEFT_LINES_BINDING_BENDING_BETAS
// The stretch reads what the bending wrote, some of it from other invocations of the workgroup.
#define WEFT_STATE_COHERENT coherent
#include "line_solves_layout.h"
#include "bending_walk.glsl"
#include "stretch_walk.glsl"

layout(push_constant) uniform Push {
  LineSolvesPush push;
};

void main() {
  walk_bending(GridBendingPush(push.axis, push.line_count, push.grid_count, push.integrate));
  memoryBarrierBuffer();
  barrier();
  walk_stretch(StretchLinesPush(push.axis, push.line_count, push.grid_count,
                                push.keeps_multipliers));
}
