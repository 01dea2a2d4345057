#version 450
// Spheres, one per instance, generated from the vertex index (a latitude-longitude mesh): the
// sphere colliders (from the solver's spheres buffer) and markers on pinned and dragged
// particles (at their current positions, so they follow anchors and drags). A marker far away
// keeps a radius of style.min_pixels; a collider is drawn at its true size.
#include "render_bindings.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;
layout(location = 2) flat out uint mode;

// The mesh: kSlices x kStacks quads, six vertices each (marker_vertex_count() in C++ agrees).
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

  vec3 center;
  float radius;
  if (push.mode == WEFT_MARKER_SPHERE) {
    // Slightly inside the collision radius: the cloth's flat triangles between particles that
    // rest on the sphere would otherwise dip into it.
    center = spheres[gl_InstanceIndex].xyz;
    radius = spheres[gl_InstanceIndex].w * 0.98;
  } else {
    center = positions[markers[gl_InstanceIndex]].xyz;
    float w = (push.view_projection * vec4(center, 1.0)).w;
    float pixel = world_per_pixel(push.view_projection, w, push.viewport_height);
    radius = max(style.marker_radius, style.min_pixels * pixel);
  }
  world_position = center + n * radius;
  world_normal = n;
  mode = push.mode;
  gl_Position = push.view_projection * vec4(world_position, 1.0);
}
