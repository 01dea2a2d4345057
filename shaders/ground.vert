#version 450
// The ground plane: one large quad at the ground height, six vertices, no vertex buffer.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 world_position;

const float kHalfSize = 30.0;  // m

void main() {
  const vec2 corners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1),
                                 vec2(-1, 1));
  vec2 c = corners[gl_VertexIndex] * kHalfSize;
  world_position = vec3(c.x, push.light.w, c.y);
  gl_Position = push.view_projection * vec4(world_position, 1.0);
}
