#version 450
// Bending, once per relaxation sweep: one colour of the bending elements (elements of one colour
// share no particle, so each thread owns its element's particles). The element's C = sum c_k x_k
// is linear in the positions, so its XPBD step is exact for the element alone:
// dlambda = -(C + alpha lambda) / (sum c_k^2 w_k + alpha), alpha = compliance / dt^2,
// x_k += w_k c_k dlambda; lambda gathers the steps over the substep's sweeps. Euler
// integrators carry a velocity, so a correction also changes it by dx/dt. An element held along
// its hinge and on one side only bends over its free side's share of its area: a clamp, its
// compliance scaled by that share.
// Mirrors Bending::relax in sim/modules/bending.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "particle_bindings.glsl"
#include "bending_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_BENDING_BINDING_ELEMENTS) readonly buffer
    ElementsBuffer {
  BendingElement elements[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_BENDING_BINDING_LAMBDAS) buffer LambdasBuffer {
  vec4 lambdas[];
};
layout(push_constant) uniform Push {
  BendingPush push;
};

float current_compliance(BendingElement e, vec4 p[4]) {
  bool four = e.arity == 4u;
  bool hinge_held = four ? p[0].w == 0.0 && p[1].w == 0.0 : p[1].w == 0.0;
  bool side_held = (four ? p[3].w : p[0].w) == 0.0;
  if (!hinge_held || (p[2].w == 0.0) == side_held) return e.compliance;
  return e.compliance * (side_held ? e.side_share : 1.0 - e.side_share);
}

void main() {
  uint k = thread_index();
  if (k >= push.count) return;
  BendingElement e = elements[push.first + k];
  vec3 total = push.reset_lambda != 0u ? vec3(0.0) : lambdas[push.first + k].xyz;
  vec4 p[4];
  [[unroll]] for (uint j = 0u; j < 4u; ++j)
    p[j] = positions[e.particles[j]];
  // The coefficients sum to 0, so C is taken over the particles' offsets from the first:
  // differences of nearby positions are exact, where c_k x_k (c_k about 1 / h, x_k metres from
  // the origin) would round the bend away far from it.
  vec3 c = vec3(0.0);
  float alpha = current_compliance(e, p) / (params.dt * params.dt);
  float denominator = alpha;
  [[unroll]] for (uint j = 0u; j < 4u; ++j) {
    if (j >= e.arity) break;
    c += e.coefficients[j] * (p[j].xyz - p[0].xyz);
    denominator += e.coefficients[j] * e.coefficients[j] * p[j].w;
  }
  if (denominator == 0.0) {
    lambdas[push.first + k] = vec4(total, 0.0);
    return;
  }
  vec3 lambda = -(c + alpha * total) / denominator;
  lambdas[push.first + k] = vec4(total + lambda, 0.0);
  [[unroll]] for (uint j = 0u; j < 4u; ++j) {
    if (j >= e.arity) break;
    vec3 move = (p[j].w * e.coefficients[j]) * lambda;
    positions[e.particles[j]] = vec4(p[j].xyz + move, p[j].w);
    if (!integrator_is_verlet()) velocities[e.particles[j]].xyz += move / params.dt;
  }
}
