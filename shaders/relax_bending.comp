#version 450
// Bending, once per substep in the first relaxation sweep: one colour of the bending elements
// (elements of one colour share no particle, so each thread owns its element's particles). The
// element's C = sum c_k x_k is linear in the positions, so its XPBD projection is exact in one
// step: lambda = -C / (sum c_k^2 w_k + compliance / dt^2), x_k += w_k c_k lambda. Euler
// integrators carry a velocity, so a correction also changes it by dx/dt.
// Mirrors Bending::relax in sim/modules/bending.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "particle_bindings.glsl"
#include "bending.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_BENDING_BINDING_ELEMENTS) readonly buffer
    ElementsBuffer {
  BendingElement elements[];
};
layout(push_constant) uniform Push {
  BendingPush push;
};

void main() {
  uint k = thread_index();
  if (k >= push.count) return;
  BendingElement e = elements[push.first + k];
  // A cloth's element across a torn link bends no more (tearing.h).
  if (e.tear_bits != 0u && (link_state[e.particles[0]] & e.tear_bits) != 0u) return;
  vec4 p[4];
  vec3 c = vec3(0.0);
  float denominator = e.compliance / (params.dt * params.dt);
  [[unroll]] for (uint j = 0u; j < 4u; ++j) {
    if (j >= e.arity) break;
    p[j] = positions[e.particles[j]];
    c += e.coefficients[j] * p[j].xyz;
    denominator += e.coefficients[j] * e.coefficients[j] * p[j].w;
  }
  if (denominator == 0.0) return;
  vec3 lambda = -c / denominator;
  [[unroll]] for (uint j = 0u; j < 4u; ++j) {
    if (j >= e.arity) break;
    vec3 move = (p[j].w * e.coefficients[j]) * lambda;
    positions[e.particles[j]] = vec4(p[j].xyz + move, p[j].w);
    if (!integrator_is_verlet()) velocities[e.particles[j]].xyz += move / params.dt;
  }
}
