#version 450
// The blow-up watch over the cloth grids' links (springs and constraints), once per frame: one
// thread per node measures the stretch of the links it owns (forward directions). Mirrors
// GridSprings::measure_health in sim/modules/grid_springs.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  GridPush push;
};

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  GridParams grid = grids[grid_of_thread(t, push.grid_count)];
  uint node = t - grid.first_thread;
  vec3 x = positions[grid.first_particle + node].xyz;
  uint linked = grid.spring_kinds | grid.constraint_kinds;
  uint column = node % grid.columns;
  uint row = node / grid.columns;
  // A torn link is not stretch: the cloth tore (tearing_layout.h).
  uint links = grid.break_strain > 0.0 ? link_state[grid.first_particle + node] : 0u;
  float worst = 0.0;
  [[unroll]] for (uint k = 0u; k < 12u; k += 2u) {
    uint j;
    if ((linked & kKindBit[k]) == 0u || link_torn(links, k) ||
        !grid_neighbour(grid, column, row, k, j)) {
      continue;
    }
    float rest = grid_rest_length(grid, k / 2u);
    float e = (length(x - positions[grid.first_particle + j].xyz) - rest) / rest;
    if (e > worst) worst = e;  // NaN compares false: a non-finite particle is counted elsewhere
  }
  report_stretch(worst);
}
