#version 450
// The cloth, drawn straight from the solver's positions buffer (bound as the vertex buffer) with
// the normals of compute_normals.comp and the model's triangles as the index buffer.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(location = 0) in vec4 position;  // xyz: m; w: inverse mass
layout(location = 1) in vec4 normal;

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;

void main() {
  world_position = position.xyz;
  world_normal = normal.xyz;
  gl_Position = push.view_projection * vec4(position.xyz, 1.0);
}
