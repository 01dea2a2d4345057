#version 450
// Self-collision, last pass: each particle moves by the mean of what its contacts asked
// (collide_particles.comp). The mean, not the sum, so that several contacts pushing the same way
// cannot overshoot: each alone would separate its pair exactly. The settling part moves the
// previous position too (no velocity); Euler integrators carry a velocity, which changes by the
// rest over dt. One thread per particle. Mirrors SelfCollision::apply.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint i = thread_index();
  if (i >= push.particle_count) return;
  vec4 sums = corrections[2u * i];
  if (sums.w == 0.0) return;
  vec3 move = sums.xyz / sums.w;
  vec3 settle = corrections[2u * i + 1u].xyz / sums.w;
  vec4 p = positions[i];
  positions[i] = vec4(p.xyz + move, p.w);
  previous[i].xyz += settle;
  if (!integrator_is_verlet()) velocities[i].xyz += (move - settle) / params.dt;
}
