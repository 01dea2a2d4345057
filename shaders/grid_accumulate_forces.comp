#version 450
// Grid path, pass 1 of a substep: accumulate_forces.comp for a cloth grid, finding each
// particle's springs by index (grid_neighbour) instead of reading an adjacency list. Same force
// model, same order of terms. Mirrors grid_accumulate_forces() in sim/cpu_grid_passes.h.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"
#include "particle_forces.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec4 p = positions[i];
  if (p.w == 0.0) {
    forces[i] = vec4(0.0);
    return;
  }
  vec3 v = velocity_of(i);
  vec3 f = environment_force(p.xyz, v, p.w);
  uint column = i % grid.columns;
  uint row = i / grid.columns;
  [[unroll]] for (uint k = 0u; k < 12u; ++k) {
    uint j;
    if ((grid.spring_kinds & kKindBit[k]) == 0u || !grid_neighbour(column, row, k, j)) continue;
    uint kind = kKind[k];
    f += spring_force(p.xyz, v, j, grid_rest_length(k / 2u), grid.stiffness[kind],
                      grid.damping[kind]);
  }
  forces[i] = vec4(f, 0.0);
}
