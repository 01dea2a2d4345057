#version 450
// Grid path: measure_health.comp for a cloth grid, one thread per particle, each checking that
// its particle is finite and measuring the stretch of the links it owns (forward directions).
// Mirrors measure_grid_health() in sim/cpu_grid_passes.h.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec3 x = positions[i].xyz;
  if (any(isnan(x)) || any(isinf(x))) {
    atomicAdd(health.nonfinite_count, 1u);
    atomicMin(health.first_nonfinite, i);
    return;
  }
  uint linked = grid.spring_kinds | grid.constraint_kinds;
  uint column = i % grid.columns;
  uint row = i / grid.columns;
  float worst = 0.0;
  [[unroll]] for (uint k = 0u; k < 12u; k += 2u) {
    uint j;
    if ((linked & kKindBit[k]) == 0u || !grid_neighbour(column, row, k, j)) continue;
    float rest = grid_rest_length(k / 2u);
    float e = (length(x - positions[j].xyz) - rest) / rest;
    if (e > worst) worst = e;  // a NaN neighbour is counted by its own thread, not here
  }
  if (worst > 0.0) atomicMax(health.max_stretch_bits, floatBitsToUint(worst));
}
