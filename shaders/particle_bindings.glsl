// The particle state every simulation pass shares (descriptor set 0), and small helpers the
// passes share. Each pass's module adds its own buffers as set 1 (sim/core/solver_module.h).
// Binding
// numbers and structs come from shared_types.h, which C++ includes too.
#ifndef WEFT_PARTICLE_BINDINGS_GLSL
#define WEFT_PARTICLE_BINDINGS_GLSL
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "link_state_layout.h"

// A pass whose invocations read what others of their workgroup wrote to the particles sets this to
// coherent before including this file.
#ifndef WEFT_STATE_COHERENT
#define WEFT_STATE_COHERENT
#endif

layout(std430, set = WEFT_PARTICLE_SET, binding = WEFT_BINDING_PARAMS) readonly buffer ParamsBuffer {
  SimParams params;
};
// xyz: position (m); w: inverse mass (1/kg), 0 for a pinned particle.
layout(std430, set = WEFT_PARTICLE_SET, binding = WEFT_BINDING_POSITIONS) WEFT_STATE_COHERENT buffer
    PositionsBuffer {
  vec4 positions[];
};
// xyz: position at the start of the substep (Verlet's x_{t-1}); w unused.
layout(std430, set = WEFT_PARTICLE_SET, binding = WEFT_BINDING_PREVIOUS) buffer PreviousBuffer {
  vec4 previous[];
};
// xyz: velocity (m/s) for the Euler integrators; Verlet derives it from positions and previous.
layout(std430, set = WEFT_PARTICLE_SET, binding = WEFT_BINDING_VELOCITIES) WEFT_STATE_COHERENT buffer
    VelocitiesBuffer {
  vec4 velocities[];
};
// xyz: force (N) accumulated for this substep.
layout(std430, set = WEFT_PARTICLE_SET, binding = WEFT_BINDING_FORCES) buffer ForcesBuffer {
  vec4 forces[];
};
layout(std430, set = WEFT_PARTICLE_SET, binding = WEFT_BINDING_HEALTH) buffer HealthBuffer {
  Health health;
};
// Per particle: which of its links are torn (link_state_layout.h). Only passes over grids that can
// tear read it.
layout(std430, set = WEFT_PARTICLE_SET, binding = WEFT_BINDING_LINK_STATE) buffer LinkStateBuffer {
  uint link_state[];
};

bool link_torn(uint state, uint direction) {
  return (state & (1u << direction)) != 0u;
}

// How far a node reaches along a row or column before a torn link (link_state_layout.h), as a
// level.
uint reach_level(uint state, uint side) {
  return (state >> (WEFT_REACH_SHIFT + WEFT_REACH_BITS * side)) & WEFT_REACH_MAX_LEVEL;
}

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

// The blow-up watch's record of a stretch (length - rest) / rest: integer atomics, since a
// non-negative float's bits order like the float.
void report_stretch(float worst) {
  if (worst > 0.0) atomicMax(health.largest_stretch_bits, floatBitsToUint(worst));
}

#endif  // WEFT_PARTICLE_BINDINGS_GLSL
