#version 450
// Pass 1 of a substep for the particles not on the grid path: one thread per particle gathers
// every force acting on it (gravity, air drag towards the wind, NeHe's ground contact, and its
// springs through the adjacency list). Gather, not scatter: each spring is evaluated from both
// ends, so no two threads write one particle and no float atomics are needed. Mirrors
// AdjacencySprings::accumulate in sim/modules/adjacency_springs.cpp.
#include "springs_bindings.glsl"
#include "particle_forces.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  uint i = covered_particle(t);
  vec4 p = positions[i];
  if (p.w == 0.0) {
    forces[i] = vec4(0.0);
    return;
  }
  vec3 v = velocity_of(i);
  vec3 f = environment_force(p.xyz, v, p.w);
  uint end = spring_offsets[t + 1];
  for (uint k = spring_offsets[t]; k < end; ++k) {
    SpringRef s = spring_refs[k];
    f += spring_force(p.xyz, v, s.other, s.rest_length, s.stiffness, s.damping);
  }
  forces[i] = vec4(f, 0.0);
}
