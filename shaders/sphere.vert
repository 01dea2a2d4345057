#version 450
// Sphere colliders, one per instance (from the solver's spheres buffer), as a latitude-longitude
// mesh generated from the vertex index: drawn at their true size, so the cloth draped on one
// meets it where it really is.
#include "render_bindings.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;

// The mesh: kSlices x kStacks quads, six vertices each (kSphereVertices in C++ agrees).
const uint kSlices = 32u;
const uint kStacks = 16u;
const float kPi = 3.14159265358979;

vec3 unit_sphere(uint slice, uint stack) {
  float phi = 2.0 * kPi * float(slice) / float(kSlices);
  float theta = kPi * float(stack) / float(kStacks);
  return vec3(sin(theta) * cos(phi), cos(theta), sin(theta) * sin(phi));
}

void main() {
  uint quad = gl_VertexIndex / 6u;
  uint corner = gl_VertexIndex % 6u;
  uint slice = quad % kSlices + ((corner == 1u || corner == 2u || corner == 4u) ? 1u : 0u);
  uint stack = quad / kSlices + ((corner == 2u || corner == 4u || corner == 5u) ? 1u : 0u);
  vec3 n = unit_sphere(slice, stack);
  // Slightly inside the collision radius: the cloth's flat triangles between particles that rest
  // on the sphere would otherwise dip into it.
  vec4 sphere = spheres[gl_InstanceIndex];
  world_position = sphere.xyz + n * (sphere.w * 0.98);
  world_normal = n;
  gl_Position = push.view_projection * vec4(world_position, 1.0);
}
