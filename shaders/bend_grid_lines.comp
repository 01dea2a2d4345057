#version 450
// Bending of the cloth grids whose structural links are not constraints, once per substep: the
// walk of bending_walk.glsl along every row, then along every column (two dispatches). Grids whose
// structural links are constraints bend in the same walk as they stretch (solve_grid_lines.comp).
// Mirrors GridBending::run_cpu in sim/modules/grid_bending.cpp.
#define BENDING_GRIDS_BINDING WEFT_GRID_BENDING_BINDING_GRIDS
#define BENDING_FACTORS_BINDING WEFT_GRID_BENDING_BINDING_FACTORS
#define BENDING_BETAS_BINDING WEFT_GRID_BENDING_BINDING_BETAS
#include "bending_walk.glsl"

layout(push_constant) uniform Push {
  GridBendingPush push;
};

void main() {
  walk_bending(push);
}
