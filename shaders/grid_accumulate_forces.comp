#version 450
// Grid path, pass 1 of a substep: accumulate_forces.comp for the cloth grids, finding each
// particle's springs by index (grid_neighbour) instead of reading an adjacency list. Same force
// model, same order of terms. One dispatch covers every grid. Mirrors GridSprings::accumulate in
// sim/modules/grid_springs.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"
#include "particle_forces.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  GridPush push;
};

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  GridParams grid = grids[grid_of_thread(t, push.grid_count)];
  uint node = t - grid.first_thread;
  uint i = grid.first_particle + node;
  vec4 p = positions[i];
  if (p.w == 0.0) {
    forces[i] = vec4(0.0);
    return;
  }
  vec3 v = velocity_of(i);
  vec3 f = environment_force(p.xyz, v, p.w);
  uint column = node % grid.columns;
  uint row = node / grid.columns;
  [[unroll]] for (uint k = 0u; k < 12u; ++k) {
    uint j;
    if ((grid.spring_kinds & kKindBit[k]) == 0u || !grid_neighbour(grid, column, row, k, j)) continue;
    uint kind = kKind[k];
    f += spring_force(p.xyz, v, grid.first_particle + j, grid_rest_length(grid, k / 2u),
                      grid.stiffness[kind], grid.damping[kind]);
  }
  forces[i] = vec4(f, 0.0);
}
