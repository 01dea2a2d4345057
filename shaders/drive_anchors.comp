#version 450
// Moves the program-driven pinned particles (NeHe's rope connection, a mouse drag) by their
// velocity, after the integrator as NeHe's RopeSimulation does. One thread per anchor.
// Mirrors drive_anchors() in sim/cpu_passes.h.
#include "simulation_bindings.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint k = thread_index();
  if (k >= params.anchor_count) return;
  Anchor anchor = anchors[k];
  uint i = anchor.particle;
  vec4 p = positions[i];
  vec3 next = p.xyz + anchor.velocity.xyz * params.dt;
  if (anchor.keep_above_ground != 0u && params.ground_mode != WEFT_GROUND_NONE) {
    next.y = max(next.y, params.ground.x);
  }
  previous[i] = vec4(p.xyz, 0.0);
  positions[i] = vec4(next, p.w);
  velocities[i] = vec4(anchor.velocity.xyz, 0.0);
}
