#version 450
// Pass 2 of a substep: one thread per particle advances it with the chosen integrator
// (explicit Euler, semi-implicit Euler, or Verlet with damping as in GAMES101). Pinned particles
// (inverse mass 0) stay. previous[] keeps the position the substep started from. Verlet adds each
// step to the position with compensated summation: what rounding left out of the position (a
// float far from the origin cannot hold a substep's fall) is kept in velocities[] and added to the
// next step, so that no part of gravity is lost wherever the cloth is (docs/physics.md, "Where
// the cloth is"). When no force
// gather ran (a cloth of constraints only), the particle's force is the environment's alone and
// this pass computes it, as the gather would have: one pass and one force write and read fewer
// per particle and substep. Mirrors ParticleIntegration::integrate in
// sim/modules/particle_integration.cpp.
#include "particle_forces.glsl"
#include "integration.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  IntegratePush push;
};

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec4 p = positions[i];
  if (p.w == 0.0) return;
  vec3 x = p.xyz;
  vec3 f = push.environment != 0u ? environment_force(x, velocity_of(i), p.w) : forces[i].xyz;
  vec3 a = f * p.w;
  float dt = params.dt;
  precise vec3 next;
  if (params.integrator == WEFT_INTEGRATOR_EXPLICIT_EULER) {
    vec3 v = velocities[i].xyz;
    next = x + v * dt;
    velocities[i] = vec4(v + a * dt, 0.0);
  } else if (params.integrator == WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER) {
    vec3 v = velocities[i].xyz + a * dt;
    next = x + v * dt;
    velocities[i] = vec4(v, 0.0);
  } else {
    precise vec3 increment =
        (1.0 - params.verlet_damping) * (x - previous[i].xyz) + a * (dt * dt) + velocities[i].xyz;
    next = x + increment;
    precise vec3 owed = increment - (next - x);  // exact: next and x are within a factor 2
    velocities[i] = vec4(owed, 0.0);
  }
  previous[i] = vec4(x, 0.0);
  positions[i] = vec4(next, p.w);
}
