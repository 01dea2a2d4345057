#version 450
// Two-sided cloth: each side is lit with its own normal (the side facing away from the normal
// with the flipped one), its face in the fabric's colour and its reverse paler (reverse_side,
// scene_colors.h says which side is the face), so a folded or draped cloth reads clearly. The side is decided by the normal and the view
// direction rather than gl_FrontFacing, so it cannot disagree with the normals.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(location = 2) in vec4 fabric;  // cloth.vert
layout(location = 0) out vec4 color;

void main() {
  bool normal_side = dot(world_normal, push.eye.xyz - world_position) >= 0.0;
  vec3 n = normal_side ? world_normal : -world_normal;
  bool face = normal_side == (fabric.w > 0.5);
  vec3 albedo = face ? fabric.rgb : reverse_side(fabric.rgb);
  color = output_color(shade_cloth(albedo, n, world_position, push.eye.xyz, push.light.xyz),
                       push.encode_srgb);
}
