#version 450
// Witkin's one-shot external force: added to the accumulated forces of one substep, then the
// list is cleared by the CPU. One thread per entry; the CPU merges entries of the same particle,
// so no two threads write one particle. Mirrors ExternalForces::run in
// sim/modules/external_forces.cpp.
#include "particle_bindings.glsl"
#include "external_forces_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_EXTERNAL_FORCES_BINDING_FORCES) readonly buffer
    ExternalForcesBuffer {
  ExternalForce external_forces[];
};
layout(push_constant) uniform Push {
  ExternalForcesPush push;
};

void main() {
  uint k = thread_index();
  if (k >= push.count) return;
  ExternalForce e = external_forces[k];
  forces[e.particle].xyz += e.force.xyz;
}
