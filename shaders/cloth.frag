#version 450
// Two-sided cloth: the side facing away from the normal is lit with the flipped normal and a
// different colour, so a folded or draped cloth reads clearly. The side is decided by the normal
// and the view direction rather than gl_FrontFacing, so it cannot disagree with the normals.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(location = 0) out vec4 color;

const vec3 kFront = vec3(0.80, 0.26, 0.06);  // warm orange
const vec3 kBack = vec3(0.62, 0.42, 0.08);   // ochre

void main() {
  bool front = dot(world_normal, push.eye.xyz - world_position) >= 0.0;
  vec3 n = front ? world_normal : -world_normal;
  vec3 albedo = front ? kFront : kBack;
  color = output_color(shade(albedo, n, world_position, push.eye.xyz, push.light.xyz, 24.0, 0.08),
                       push.encode_srgb);
}
