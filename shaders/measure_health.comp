#version 450
// The blow-up watch, once per frame: threads [0, particles) check that their particle is finite
// and find the largest stretch (length - rest) / rest of its springs; threads after that do the
// same for one distance constraint each. Only stretch counts: a folded cloth legitimately
// compresses its bend links, while a solver that blows up stretches links without bound. Results go to `health` through integer atomics (a
// non-negative float's bits order like the float). Mirrors measure_health() in sim/cpu_passes.h.
#include "simulation_bindings.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

float stretch(vec3 a, vec3 b, float rest) {
  return rest > 0.0 ? (length(a - b) - rest) / rest : 0.0;
}

void main() {
  uint i = thread_index();
  float worst = 0.0;
  if (i < params.particle_count) {
    vec3 x = positions[i].xyz;
    if (any(isnan(x)) || any(isinf(x))) {
      atomicAdd(health.nonfinite_count, 1u);
      atomicMin(health.first_nonfinite, i);
      return;
    }
    uint end = spring_offsets[i + 1];
    for (uint k = spring_offsets[i]; k < end; ++k) {
      SpringRef s = spring_refs[k];
      float e = stretch(x, positions[s.other].xyz, s.rest_length);
      if (e > worst) worst = e;  // a NaN neighbour is counted by its own thread, not here
    }
  } else if (i - params.particle_count < params.constraint_count) {
    DistanceConstraint c = constraints[i - params.particle_count];
    float e = stretch(positions[c.a].xyz, positions[c.b].xyz, c.rest_length);
    if (e > worst) worst = e;
  }
  if (worst > 0.0) atomicMax(health.max_stretch_bits, floatBitsToUint(worst));
}
