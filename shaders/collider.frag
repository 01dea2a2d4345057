#version 450
// The colliders drawn by collider.vert, lit like the spheres (blue-grey), on both sides: a plane
// or a mesh may be seen from behind. A plane's patch has checks of 0.5 m, as the ground has, so
// that its tilt reads.
#extension GL_GOOGLE_include_directive : require
#include "collider_drawing.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  ColliderDrawPush push;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(location = 2) in vec2 plane_position;
layout(location = 3) flat in uint kind;
layout(location = 0) out vec4 color;

void main() {
  vec3 n = normalize(world_normal);
  if (dot(n, push.eye.xyz - world_position) < 0.0) n = -n;
  vec3 albedo = vec3(0.42, 0.46, 0.52);  // as the spheres (sphere.frag)
  if (kind == WEFT_COLLIDER_PLANE) {
    ivec2 check = ivec2(floor(plane_position / 0.5));
    albedo *= ((check.x + check.y) & 1) == 0 ? 1.0 : 0.8;
  }
  color = output_color(
      shade(albedo, n, world_position, push.eye.xyz, push.light.xyz, 48.0, 0.35),
      push.encode_srgb);
}
