#version 450
// A checkerboard of 0.5 m tiles that fades into the background with distance, so the ground
// gives scale and a horizon without drawing the eye.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) flat in vec3 light;
layout(location = 0) out vec4 color;

const vec3 kBackground = vec3(0.045, 0.05, 0.06);  // the clear colour (linear)

void main() {
  vec2 tile = floor(world_position.xz / 0.5);
  float checker = mod(tile.x + tile.y, 2.0);
  vec3 lit = mix(vec3(0.20), vec3(0.26), checker) * light;
  float fade = clamp(length(world_position.xz - push.eye.xz) / 25.0, 0.0, 1.0);
  color = output_color(mix(lit, kBackground, fade * fade), push.encode_srgb);
}
