#version 450
// Pass 1 of a substep: one thread per particle gathers every force acting on it (gravity, air
// drag towards the wind, NeHe's ground contact, and its springs through the adjacency list).
// Gather, not scatter: each spring is evaluated from both ends, so no two threads write one
// particle and no float atomics are needed. Mirrors accumulate_forces() in sim/cpu_passes.h.
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
  uint end = spring_offsets[i + 1];
  for (uint k = spring_offsets[i]; k < end; ++k) {
    SpringRef s = spring_refs[k];
    f += spring_force(p.xyz, v, s.other, s.rest_length, s.stiffness, s.damping);
  }
  forces[i] = vec4(f, 0.0);
}
