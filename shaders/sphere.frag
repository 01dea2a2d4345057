#version 450
// A sphere collider: blue-grey, as the other colliders (collider.frag).
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(location = 0) out vec4 color;

void main() {
  vec3 albedo = vec3(0.42, 0.46, 0.52);
  color = output_color(
      shade(albedo, world_normal, world_position, push.eye.xyz, push.light.xyz, 48.0, 0.35),
      push.encode_srgb);
}
