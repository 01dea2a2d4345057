// The storage buffers every simulation pass sees (descriptor set 0), and small helpers shared by
// the passes. Binding numbers and structs come from shared_types.h, which C++ includes too.
#ifndef WEFT_SIMULATION_BINDINGS_GLSL
#define WEFT_SIMULATION_BINDINGS_GLSL
#include "shared_types.h"

layout(std430, set = 0, binding = WEFT_BINDING_PARAMS) readonly buffer ParamsBuffer {
  SimParams params;
};
// xyz: position (m); w: inverse mass (1/kg), 0 for a pinned particle.
layout(std430, set = 0, binding = WEFT_BINDING_POSITIONS) buffer PositionsBuffer {
  vec4 positions[];
};
// xyz: position at the start of the substep (Verlet's x_{t-1}); w unused.
layout(std430, set = 0, binding = WEFT_BINDING_PREVIOUS) buffer PreviousBuffer {
  vec4 previous[];
};
// xyz: velocity (m/s) for the Euler integrators; Verlet derives it from positions and previous.
layout(std430, set = 0, binding = WEFT_BINDING_VELOCITIES) buffer VelocitiesBuffer {
  vec4 velocities[];
};
// xyz: force (N) accumulated for this substep.
layout(std430, set = 0, binding = WEFT_BINDING_FORCES) buffer ForcesBuffer {
  vec4 forces[];
};
// Springs of particle i are spring_refs[spring_offsets[i] .. spring_offsets[i + 1]).
layout(std430, set = 0, binding = WEFT_BINDING_SPRING_OFFSETS) readonly buffer SpringOffsetsBuffer {
  uint spring_offsets[];
};
layout(std430, set = 0, binding = WEFT_BINDING_SPRING_REFS) readonly buffer SpringRefsBuffer {
  SpringRef spring_refs[];
};
// Sorted by colour: no two constraints of one colour share a particle.
layout(std430, set = 0, binding = WEFT_BINDING_CONSTRAINTS) readonly buffer ConstraintsBuffer {
  DistanceConstraint constraints[];
};
// XPBD Lagrange multipliers, one per constraint, restarted every substep.
layout(std430, set = 0, binding = WEFT_BINDING_LAMBDAS) buffer LambdasBuffer {
  float lambdas[];
};
layout(std430, set = 0, binding = WEFT_BINDING_ANCHORS) readonly buffer AnchorsBuffer {
  Anchor anchors[];
};
// xyz: centre (m); w: radius (m).
layout(std430, set = 0, binding = WEFT_BINDING_SPHERES) readonly buffer SpheresBuffer {
  vec4 spheres[];
};
layout(std430, set = 0, binding = WEFT_BINDING_EXTERNAL_FORCES) readonly buffer ExternalForcesBuffer {
  ExternalForce external_forces[];
};
layout(std430, set = 0, binding = WEFT_BINDING_HEALTH) buffer HealthBuffer {
  Health health;
};

// The element this thread handles; dispatches wider than WEFT_MAX_GROUPS_X groups fold into y.
uint thread_index() {
  return gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
}

bool integrator_is_verlet() { return params.integrator == WEFT_INTEGRATOR_VERLET; }

// Verlet keeps no velocity: it is the last substep's displacement over dt.
vec3 velocity_of(uint i) {
  if (integrator_is_verlet()) return (positions[i].xyz - previous[i].xyz) / params.dt;
  return velocities[i].xyz;
}

#endif  // WEFT_SIMULATION_BINDINGS_GLSL
