#version 450
// The cloth, drawn straight from the solver's positions buffer (bound as the vertex buffer) with
// the normals of compute_normals.comp and the model's triangles as the index buffer. It is drawn a
// hair nearer the eye than it is (pulled_to_eye), so that cloth lying on the ground or on a
// collider covers it instead of fighting it for depth.
#include "render_bindings.glsl"

layout(location = 0) in vec4 position;  // xyz: m; w: inverse mass
layout(location = 1) in vec4 normal;

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;
layout(location = 2) out vec4 fabric;  // rgb: linear colour of the cloth's face; w: 1 when the
                                       // face is the side the normal points to
layout(location = 3) out vec3 pattern;  // render_bindings.glsl: fabric_patterns

void main() {
  world_position = position.xyz;
  world_normal = normal.xyz;
  fabric = fabric_color(gl_VertexIndex);
  pattern = fabric_patterns[gl_VertexIndex].xyz;
  gl_Position = push.view_projection * vec4(pulled_to_eye(position.xyz, push.eye), 1.0);
}
