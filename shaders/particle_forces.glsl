// The forces of the model, shared by both paths' force passes (accumulate_forces.comp gathers
// springs through the adjacency list, grid_accumulate_forces.comp by grid index). Mirrored by
// sim/core/cpu_forces.h.
#ifndef WEFT_PARTICLE_FORCES_GLSL
#define WEFT_PARTICLE_FORCES_GLSL
#include "particle_bindings.glsl"

// NeHe lesson 40: below the plane, friction on the horizontal velocity, absorption of downward
// velocity, and a repulsion proportional to the depth.
vec3 ground_force(vec3 x, vec3 v) {
  if (params.ground_mode != WEFT_GROUND_FORCE || x.y >= params.ground.x) return vec3(0.0);
  vec3 f = -params.ground.z * vec3(v.x, 0.0, v.z);
  if (v.y < 0.0) f.y -= params.ground.w * v.y;
  f.y += params.ground.y * (params.ground.x - x.y);
  return f;
}

// Everything but the springs: gravity, air drag towards the wind, the ground.
vec3 environment_force(vec3 x, vec3 v, float inverse_mass) {
  vec3 f = params.gravity.xyz / inverse_mass;
  f -= params.air_drag * (v - params.wind.xyz);
  f += ground_force(x, v);
  return f;
}

// Hooke's law plus damping on this end (x, v) of a spring to particle `other`; the other end
// computes the opposite force when it gathers.
vec3 spring_force(vec3 x, vec3 v, uint other, float rest_length, float stiffness, float damping) {
  vec3 d = x - positions[other].xyz;
  vec3 dv = v - velocity_of(other);
  float len = length(d);
  vec3 f = vec3(0.0);
  if (len > 0.0) {
    vec3 e = d / len;
    f = -stiffness * (len - rest_length) * e;
    if (params.spring_damping == WEFT_SPRING_DAMPING_AXIAL) f -= damping * dot(dv, e) * e;
  }
  if (params.spring_damping == WEFT_SPRING_DAMPING_RELATIVE) f -= damping * dv;
  return f;
}

#endif  // WEFT_PARTICLE_FORCES_GLSL
