#version 450
// The ground plane: one large quad at the ground height, six vertices, no vertex buffer. A flat
// plane under a directional light is lit the same everywhere: that is computed here, once per
// vertex, since on a CPU device the ground's pixels are most of the frame's shading.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) flat out vec3 light;

const float kHalfSize = 30.0;  // m

void main() {
  const vec2 corners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1),
                                 vec2(-1, 1));
  vec2 c = corners[gl_VertexIndex] * kHalfSize;
  world_position = vec3(c.x, push.light.w, c.y);
  light = diffuse_light(vec3(0.0, 1.0, 0.0), push.light.xyz);
  gl_Position = push.view_projection * vec4(world_position, 1.0);
}
