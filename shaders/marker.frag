#version 450
// A marker's impostor: the disc inside the square, shaded as the sphere it stands for, in the
// colour of what it marks (push.mode).
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) in vec2 disc;
layout(location = 1) flat in vec3 center;
layout(location = 2) flat in vec3 right;
layout(location = 3) flat in vec3 down;
layout(location = 4) flat in vec3 to_eye;
layout(location = 0) out vec4 color;

void main() {
  float r2 = dot(disc, disc);
  if (r2 > 1.0) discard;
  vec3 n = normalize(disc.x * right + disc.y * down + sqrt(1.0 - r2) * to_eye);
  vec3 albedo = vec3(0.85, 0.05, 0.45);                                  // pin: magenta
  if (push.mode == WEFT_MARKER_DRAGGED) albedo = vec3(1.0, 0.9, 0.1);   // drag: yellow
  color = output_color(shade(albedo, n, center, push.eye.xyz, push.light.xyz, 48.0, 0.35),
                       push.encode_srgb);
}
