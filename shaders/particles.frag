#version 450
// A particle's impostor: the disc inside the square, shaded as the sphere it stands for.
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

const vec3 kParticle = vec3(0.06, 0.55, 0.62);  // teal: apart from the cloth, pins and colliders

void main() {
  float r2 = dot(disc, disc);
  if (r2 > 1.0) discard;
  vec3 n = normalize(disc.x * right + disc.y * down + sqrt(1.0 - r2) * to_eye);
  color = output_color(shade(kParticle, n, center, push.eye.xyz, push.light.xyz, 48.0, 0.3),
                       push.encode_srgb);
}
