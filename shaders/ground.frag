#version 450
// A checkerboard of 0.5 m tiles that fades into the background with distance, so the ground
// gives scale and a horizon without drawing the eye, and the key light's shadow of whatever
// stands on it (the shadow map), so a cloth is seen to rest on the ground or hang above it.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};
layout(set = 0, binding = WEFT_GROUND_BINDING_SHADOW_MAP) uniform sampler2DShadow shadow_map;
layout(std430, set = 0, binding = WEFT_GROUND_BINDING_SHADOW) readonly buffer ShadowBuffer {
  ShadowParams shadow;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) flat in vec3 unshadowed_light;
layout(location = 2) flat in vec3 key_light;
layout(location = 3) in vec3 shadow_coord;
layout(location = 0) out vec4 color;

const vec3 kBackground = vec3(0.045, 0.05, 0.06);  // the clear colour (linear)

// The share of the key light that reaches the point: one lookup, whose bilinear depth comparison
// (2 x 2 texels) softens the shadow's edge. Outside the map nothing casts a shadow, and only
// there is the map not read at all (most of the ground; on a CPU device most of the cost).
float key_light_visibility() {
  if (shadow.enabled == 0u || any(lessThan(shadow_coord.xy, vec2(0.0))) ||
      any(greaterThan(shadow_coord.xy, vec2(1.0)))) {
    return 1.0;
  }
  // Beyond the far plane (ground far below) counts as the far plane: lit unless something is
  // in front of it.
  float depth = min(shadow_coord.z - shadow.depth_bias, 1.0);
  float lit = texture(shadow_map, vec3(shadow_coord.xy, depth));
  return 1.0 - shadow.darkness * (1.0 - lit);
}

void main() {
  vec2 tile = floor(world_position.xz / 0.5);
  float checker = mod(tile.x + tile.y, 2.0);
  vec3 light = unshadowed_light + key_light * key_light_visibility();
  vec3 lit = mix(vec3(0.20), vec3(0.26), checker) * light;
  float fade = clamp(length(world_position.xz - push.eye.xz) / 25.0, 0.0, 1.0);
  color = output_color(mix(lit, kBackground, fade * fade), push.encode_srgb);
}
