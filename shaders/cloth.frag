#version 450
// Two-sided cloth: each side is lit with its own normal (the side facing away from the normal
// with the flipped one), its face in the fabric's colour and its reverse paler (reverse_side,
// scene_colors.h says which side is the face), so a folded or draped cloth reads clearly. The
// side is decided by the normal and the view direction rather than gl_FrontFacing, so it cannot
// disagree with the normals. A fabric given a `check_size` has a check woven into both sides,
// laid out in its rest coordinates, so it moves with the cloth and shows how it folds and
// stretches where an even colour would read as a flat board.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(location = 2) in vec4 fabric;  // cloth.vert
layout(location = 3) in vec3 pattern;
layout(location = 0) out vec4 color;

// A pulse of width one half in every period of x, 1 on the period's second half, averaged over
// the width w about x (a box filter): exact where a pixel spans little of a period, the mean (one
// half) where it spans several, so that a fine check fades to an even tone instead of flickering.
float filtered_pulse(float x, float w) {
  float half_w = 0.5 * max(w, 1e-6);
  float hi = x + half_w, lo = x - half_w;
  float above = 0.5 * floor(hi) + max(fract(hi) - 0.5, 0.0);
  float below = 0.5 * floor(lo) + max(fract(lo) - 0.5, 0.0);
  return (above - below) / (2.0 * half_w);
}

// What a fabric's colour is multiplied by at `pattern` (render_bindings.glsl: fabric_patterns):
// a gingham-like check, bands of a darker tone along both axes of the cloth's rest coordinates,
// darker still where they cross; 1 for a plain fabric. Derivatives are taken before the branch.
vec3 woven_check(vec3 pattern) {
  vec2 cells = pattern.xy / max(2.0 * pattern.z, 1e-6);  // a light and a dark square a period
  vec2 width = fwidth(cells);
  if (pattern.z <= 0.0) return vec3(1.0);
  float bands = filtered_pulse(cells.x, width.x) + filtered_pulse(cells.y, width.y);
  return vec3(1.0 - 0.17 * bands);
}

void main() {
  bool normal_side = dot(world_normal, push.eye.xyz - world_position) >= 0.0;
  vec3 n = normal_side ? world_normal : -world_normal;
  bool face = normal_side == (fabric.w > 0.5);
  vec3 albedo = (face ? fabric.rgb : reverse_side(fabric.rgb)) * woven_check(pattern);
  color = output_color(shade_cloth(albedo, n, world_position, push.eye.xyz, push.light.xyz),
                       push.encode_srgb);
}
