#version 450
// Pass 1 of a substep: one thread per particle gathers every force acting on it (gravity, air
// drag towards the wind, NeHe's ground contact, and its springs). Gather, not scatter: each
// spring is evaluated from both ends, so no two threads write one particle and no float atomics
// are needed. Mirrors accumulate_forces() in sim/cpu_passes.h.
#include "simulation_bindings.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

// NeHe lesson 40: below the plane, friction on the horizontal velocity, absorption of downward
// velocity, and a repulsion proportional to the depth.
vec3 ground_force(vec3 x, vec3 v) {
  if (params.ground_mode != WEFT_GROUND_FORCE || x.y >= params.ground.x) return vec3(0.0);
  vec3 f = -params.ground.z * vec3(v.x, 0.0, v.z);
  if (v.y < 0.0) f.y -= params.ground.w * v.y;
  f.y += params.ground.y * (params.ground.x - x.y);
  return f;
}

// Hooke's law plus damping, on this end of the spring (the other end gets the opposite).
vec3 spring_force(vec3 x, vec3 v, SpringRef spring) {
  vec3 d = x - positions[spring.other].xyz;
  vec3 dv = v - velocity_of(spring.other);
  float len = length(d);
  vec3 f = vec3(0.0);
  if (len > 0.0) {
    vec3 e = d / len;
    f = -spring.stiffness * (len - spring.rest_length) * e;
    if (params.spring_damping == WEFT_SPRING_DAMPING_AXIAL) f -= spring.damping * dot(dv, e) * e;
  }
  if (params.spring_damping == WEFT_SPRING_DAMPING_RELATIVE) f -= spring.damping * dv;
  return f;
}

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec4 p = positions[i];
  if (p.w == 0.0) {
    forces[i] = vec4(0.0);
    return;
  }
  vec3 v = velocity_of(i);
  vec3 f = params.gravity.xyz / p.w;
  f -= params.air_drag * (v - params.wind.xyz);
  f += ground_force(p.xyz, v);
  uint end = spring_offsets[i + 1];
  for (uint k = spring_offsets[i]; k < end; ++k) f += spring_force(p.xyz, v, spring_refs[k]);
  forces[i] = vec4(f, 0.0);
}
