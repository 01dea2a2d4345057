#version 450
// Once per rendered frame, after the simulation: the normal of every vertex, the sum of the
// (area-weighted) normals of the triangles around it. One thread per vertex gathers its
// triangles through a CSR built once on the CPU, so no two threads write the same normal and no
// float atomics are needed. A triangle a tear opened is left out, as the drawing leaves it out.
#include "render_bindings.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

layout(push_constant) uniform Push {
  NormalsPush push;
};

void main() {
  uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * WEFT_GROUP_SIZE;
  if (i >= push.vertex_count) return;
  vec3 x = positions[i].xyz;
  vec3 sum = vec3(0.0);
  for (uint k = corner_offsets[i]; k < corner_offsets[i + 1]; ++k) {
    TriangleCorner c = corners[k];
    if (push.tears != 0u && opened(corner_tears[k], link_state[i], link_state[c.next])) continue;
    sum += cross(positions[c.next].xyz - x, positions[c.prev].xyz - x);
  }
  float len = length(sum);
  // A vertex of no triangle (or of collapsed ones) still gets a unit normal: straight up.
  normals[i] = vec4(len > 0.0 ? sum / len : vec3(0.0, 1.0, 0.0), 0.0);
}
