#version 450
// Pass 3 of a substep: one colour of one relaxation sweep over the distance constraints. XPBD:
// the compliance makes the stiffness independent of the time step; compliance 0 is plain PBD
// (GAMES101's inextensible rope: each end moves by its share of the error, a pinned end not at
// all). Constraints of one colour share no particle, so each thread owns both of its ends.
// Euler integrators carry a velocity, so a correction also changes it by dx/dt. A substep's first
// sweep restarts the multipliers, but those of the links the line solve has just written
// (stretch_grid_lines.comp).
// Mirrors ColouredDistance::relax in sim/modules/coloured_distance.cpp.
#include "particle_bindings.glsl"
#include "distance_constraints.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
// Sorted by colour: no two constraints of one colour share a particle.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_DISTANCE_BINDING_CONSTRAINTS) readonly buffer
    ConstraintsBuffer {
  DistanceConstraint constraints[];
};
// XPBD Lagrange multipliers, one per constraint, restarted every substep.
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_DISTANCE_BINDING_LAMBDAS) buffer LambdasBuffer {
  float lambdas[];
};
// Per constraint: the bits of its end a's link state that say it tore (0: it cannot tear).
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_DISTANCE_BINDING_TEAR_BITS) readonly buffer
    TearBitsBuffer {
  uint tear_bits[];
};
layout(push_constant) uniform Push {
  RelaxPush relax;
};

void main() {
  uint k = thread_index();
  if (k >= relax.count) return;
  uint c = relax.first + k;
  DistanceConstraint constraint = constraints[c];
  if (relax.tears != 0u && (link_state[constraint.a] & tear_bits[c]) != 0u) {
    lambdas[c] = 0.0;  // torn (tearing_layout.h)
    return;
  }
  vec4 pa = positions[constraint.a];
  vec4 pb = positions[constraint.b];
  bool restart = relax.reset_lambda != 0u && k >= relax.solved_along_lines;
  float lambda = restart ? 0.0 : lambdas[c];
  float w = pa.w + pb.w;
  vec3 d = pa.xyz - pb.xyz;
  float len = length(d);
  if (w == 0.0 || len == 0.0) {
    lambdas[c] = lambda;
    return;
  }
  // Softer while compressed where the material buckles (sim/model/link.h).
  float compliance = len < constraint.rest_length ? constraint.compression_compliance
                                                  : constraint.compliance;
  float alpha = compliance / (params.dt * params.dt);
  vec3 n = d / len;
  float delta_lambda = (-(len - constraint.rest_length) - alpha * lambda) / (w + alpha);
  lambdas[c] = lambda + delta_lambda;
  vec3 move_a = (pa.w * delta_lambda) * n;
  vec3 move_b = (-pb.w * delta_lambda) * n;
  positions[constraint.a] = vec4(pa.xyz + move_a, pa.w);
  positions[constraint.b] = vec4(pb.xyz + move_b, pb.w);
  if (!integrator_is_verlet()) {
    velocities[constraint.a].xyz += move_a / params.dt;
    velocities[constraint.b].xyz += move_b / params.dt;
  }
}
