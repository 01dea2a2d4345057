#version 450
// Moves the program-driven pinned particles, after the integrator as NeHe's RopeSimulation does:
// NeHe's rope connection by its velocity, a mouse drag towards its target. One thread per anchor.
// Mirrors Anchors::drive in sim/modules/anchors.cpp.
#include "particle_bindings.glsl"
#include "anchors_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_ANCHORS_BINDING_ANCHORS) readonly buffer
    AnchorsBuffer {
  Anchor anchors[];
};
layout(push_constant) uniform Push {
  AnchorsPush push;
};

void main() {
  uint k = thread_index();
  if (k >= push.anchor_count) return;
  Anchor anchor = anchors[k];
  uint i = anchor.particle;
  vec4 p = positions[i];
  vec3 next;
  if (anchor.mode == WEFT_ANCHOR_TARGET) {
    // An implicit step of dx/dt = (target - x) / w: smooth, and exact on the target when w = 0.
    next = p.xyz + (anchor.target.xyz - p.xyz) * (params.dt / (params.dt + anchor.target.w));
  } else {
    next = p.xyz + anchor.velocity.xyz * params.dt;
  }
  if (anchor.keep_above_ground != 0u && params.ground_mode != WEFT_GROUND_NONE) {
    next.y = max(next.y, params.ground.x);
  }
  // A dragged particle that is let go leaves with the velocity the drag gave it.
  vec3 velocity =
      anchor.mode == WEFT_ANCHOR_TARGET ? (next - p.xyz) / params.dt : anchor.velocity.xyz;
  previous[i] = vec4(p.xyz, 0.0);
  positions[i] = vec4(next, p.w);
  // Verlet's velocity is its step (previous[]); velocities[] holds what rounding owes it, and a
  // driven position owes nothing.
  velocities[i] = vec4(integrator_is_verlet() ? vec3(0.0) : velocity, 0.0);
}
