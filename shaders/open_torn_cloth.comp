#version 450
// Once per rendered frame of a cloth that can tear, before the normals: the index buffer the
// cloth is drawn from, rewritten from the model's triangles, each collapsed to a point (drawn as
// nothing) once a link along one of its edges has torn. So the shaded cloth, its shadow and its
// normals open where the solver tore it, with no copy to the CPU. One thread per triangle.
#include "render_bindings.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

layout(push_constant) uniform Push {
  NormalsPush push;
};

void main() {
  uint t = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * WEFT_GROUP_SIZE;
  if (t >= push.vertex_count) return;
  RenderTriangle tri = triangles[t];
  bool torn = tri.tear_bits != 0u && opened(tri.tear_bits, link_state[tri.a], link_state[tri.b]);
  drawn_indices[3u * t] = tri.a;
  drawn_indices[3u * t + 1u] = torn ? tri.a : tri.b;
  drawn_indices[3u * t + 2u] = torn ? tri.a : tri.c;
}
