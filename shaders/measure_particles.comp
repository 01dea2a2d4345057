#version 450
// The blow-up watch over particles, once per frame: counts the particles whose position is not
// finite and names the first. Mirrors ParticleIntegration::measure_health.
#include "particle_bindings.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec3 x = positions[i].xyz;
  if (any(isnan(x)) || any(isinf(x))) {
    atomicAdd(health.nonfinite_count, 1u);
    atomicMin(health.first_nonfinite, i);
  }
}
