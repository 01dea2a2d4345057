#version 450
// Tearing, once per substep after the sweeps, the strain limits and the tethers: every link of a
// tearable grid stretched beyond (1 + break_strain) times its rest length breaks. One thread per
// node checks the structural and shear links it leads forward from (directions 0, 2, 4, 6), so
// each link is checked once; a broken link stays broken. A thread decides only its own forward
// bits, which no other thread sets, so the result does not depend on the order threads run in.
// Mirrors Tearing::tear in sim/modules/tearing.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "tear_link.glsl"
#include "tearing.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  TearingPush push;
};

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  GridParams grid = grids[grid_of_thread(t, push.grid_count)];
  uint node = t - grid.first_thread;
  uint column = node % grid.columns;
  uint row = node / grid.columns;
  uint state = link_state[grid.first_particle + node];
  vec3 p = positions[grid.first_particle + node].xyz;
  uint kinds = grid.spring_kinds | grid.constraint_kinds;
  [[unroll]] for (uint k = 0u; k < 8u; k += 2u) {
    uint other;
    if ((kinds & kKindBit[k]) == 0u || link_torn(state, k) ||
        !grid_neighbour(grid, column, row, k, other)) {
      continue;
    }
    float len = length(positions[grid.first_particle + other].xyz - p);
    if (len > (1.0 + grid.break_strain) * grid_rest_length(grid, k / 2u)) {
      tear_link(grid, node, k, other);
    }
  }
}
