#version 450
// Pass 2 of a substep: one thread per particle advances it with the chosen integrator
// (integration.glsl). Pinned particles (inverse mass 0) stay. Mirrors ParticleIntegration::run_cpu
// in sim/modules/particle_integration.cpp.
#include "integration.glsl"
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
  store_integration_step(i, p, integration_step(i, p, push.environment != 0u));
}
