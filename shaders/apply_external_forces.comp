#version 450
// Witkin's one-shot external force: added to the accumulated forces of one substep, then the
// list is cleared by the CPU. One thread per entry; the CPU merges entries of the same particle,
// so no two threads write one particle. Mirrors apply_external_forces() in sim/cpu_passes.h.
#include "simulation_bindings.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint k = thread_index();
  if (k >= params.external_force_count) return;
  ExternalForce e = external_forces[k];
  forces[e.particle].xyz += e.force.xyz;
}
