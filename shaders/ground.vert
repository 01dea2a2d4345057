#version 450
// The ground plane: one large quad at the ground height, six vertices, no vertex buffer. A flat
// plane under a directional light is lit the same everywhere: that is computed here, once per
// vertex, since on a CPU device the ground's pixels are most of the frame's shading. The key
// light is kept apart from the rest so that the fragment shader can take it away in shadow.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};
layout(std430, set = 0, binding = WEFT_GROUND_BINDING_SHADOW) readonly buffer ShadowBuffer {
  ShadowParams shadow;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) flat out vec3 unshadowed_light;  // ambient and fill
layout(location = 2) flat out vec3 key_light;
// Where the point is in the shadow map: xy in [0, 1] inside it, z its depth from the light. The
// light's projection is orthographic (affine), so interpolating this across the quad is exact.
layout(location = 3) out vec3 shadow_coord;

const float kHalfSize = 30.0;  // m

void main() {
  const vec2 corners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1),
                                 vec2(-1, 1));
  vec2 c = corners[gl_VertexIndex] * kHalfSize;
  world_position = vec3(c.x, push.light.w, c.y);
  const vec3 up = vec3(0.0, 1.0, 0.0);
  key_light = key_light_on(up, push.light.xyz);
  unshadowed_light = diffuse_light(up, push.light.xyz) - key_light;
  vec4 light_clip = shadow.light_view_projection * vec4(world_position, 1.0);
  shadow_coord = vec3(0.5 * light_clip.xy + 0.5, light_clip.z);
  gl_Position = push.view_projection * vec4(world_position, 1.0);
}
