#version 450
// Last pass of a substep: projects each particle out of the sphere colliders and, in the
// position-based ground mode, back onto the ground plane. A contact then removes a share of the
// tangential motion of this substep (contact_friction). One thread per particle.
// Mirrors Colliders::collide in sim/modules/colliders.cpp.
#include "particle_bindings.glsl"
#include "colliders.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_COLLIDERS_BINDING_SPHERES) readonly buffer
    SpheresBuffer {
  vec4 spheres[];
};
layout(push_constant) uniform Push {
  CollidePush push;
};

void main() {
  uint i = thread_index();
  if (i >= params.particle_count) return;
  vec4 p = positions[i];
  if (p.w == 0.0) return;
  vec3 x = p.xyz;
  bool touched = false;
  vec3 normal = vec3(0.0, 1.0, 0.0);
  if (params.ground_mode == WEFT_GROUND_PROJECTION && x.y < params.ground.x) {
    x.y = params.ground.x;
    touched = true;
  }
  for (uint s = 0u; s < push.sphere_count; ++s) {
    vec4 sphere = spheres[s];
    vec3 d = x - sphere.xyz;
    float dist = length(d);
    if (dist < sphere.w) {
      normal = dist > 0.0 ? d / dist : vec3(0.0, 1.0, 0.0);
      x = sphere.xyz + normal * sphere.w;
      touched = true;
    }
  }
  if (!touched) return;
  vec3 moved = x - previous[i].xyz;
  vec3 tangential = moved - dot(moved, normal) * normal;
  x -= params.contact_friction * tangential;
  positions[i] = vec4(x, p.w);
  if (!integrator_is_verlet()) velocities[i].xyz += (x - p.xyz) / params.dt;
}
