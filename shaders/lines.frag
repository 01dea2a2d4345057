#version 450
// A thick line lit as a round cord: the normal turns from the quad's one edge, through the side
// facing the camera, to the other, so a rope reads as a solid strand rather than a flat ribbon.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 side_axis;
layout(location = 2) in vec3 to_eye;
layout(location = 3) in float across;
layout(location = 4) flat in vec3 fabric;
layout(location = 0) out vec4 color;

void main() {
  float s = clamp(across, -1.0, 1.0);
  vec3 n = normalize(s * side_axis + sqrt(1.0 - s * s) * to_eye);
  color = output_color(shade(fabric, n, world_position, push.eye.xyz, push.light.xyz, 24.0, 0.15),
                       push.encode_srgb);
}
