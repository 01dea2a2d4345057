// One free particle's step of the chosen integrator (explicit Euler, semi-implicit Euler, or
// Verlet with damping as in GAMES101): integrate.comp runs it on every particle, and the bending
// walk along rows (bending_walk.glsl) on the nodes it loads when every particle is a node of a
// grid it walks (FrameShape::integration_in_lines), which saves a dispatch and a read and write of
// every position per substep. Verlet adds each step to the position with compensated summation:
// what rounding left out of the position (a float far from the origin cannot hold a substep's
// fall) is kept in velocities[] and added to the next step, so that no part of gravity is lost
// wherever the cloth is (docs/physics.md, "Where the cloth is"). When no force gather ran (a cloth
// of constraints only), the particle's force is the environment's alone and is computed here, as
// the gather would have. Mirrors integration_step in sim/modules/particle_integration.cpp.
#ifndef WEFT_INTEGRATION_GLSL
#define WEFT_INTEGRATION_GLSL
#include "particle_forces.glsl"

struct IntegrationStep {
  vec3 position;  // where the particle goes
  vec3 velocity;  // what velocities[] keeps: Euler's velocity, or what Verlet's rounding owes
};

// Particle i, free, at p (p.w: its inverse mass). Reads the buffers and writes nothing, so that a
// pass may compute a node's step more than once (a line solve's look-ahead) and store it once.
IntegrationStep integration_step(uint i, vec4 p, bool environment) {
  vec3 x = p.xyz;
  vec3 f = environment ? environment_force(x, velocity_of(i), p.w) : forces[i].xyz;
  vec3 a = f * p.w;
  float dt = params.dt;
  IntegrationStep step;
  if (params.integrator == WEFT_INTEGRATOR_EXPLICIT_EULER) {
    vec3 v = velocities[i].xyz;
    step.position = x + v * dt;
    step.velocity = v + a * dt;
  } else if (params.integrator == WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER) {
    vec3 v = velocities[i].xyz + a * dt;
    step.position = x + v * dt;
    step.velocity = v;
  } else {
    precise vec3 increment =
        (1.0 - params.verlet_damping) * (x - previous[i].xyz) + a * (dt * dt) + velocities[i].xyz;
    precise vec3 next = x + increment;
    precise vec3 owed = increment - (next - x);  // exact: next and x are within a factor 2
    step.position = next;
    step.velocity = owed;
  }
  return step;
}

// Stores particle i's step from p: previous[] keeps the position the substep started from.
void store_integration_step(uint i, vec4 p, IntegrationStep step) {
  velocities[i] = vec4(step.velocity, 0.0);
  previous[i] = vec4(p.xyz, 0.0);
  positions[i] = vec4(step.position, p.w);
}

#endif  // WEFT_INTEGRATION_GLSL
