#version 450
// Anti-aliasing after the fact (FXAA, after Timothy Lottes), for devices where multisampling
// costs too much (lavapipe shades and stores every sample on the CPU): where the luma changes
// sharply, blend along the edge's direction; elsewhere keep the pixel.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(set = 0, binding = 0) uniform sampler2D scene;
layout(push_constant) uniform Push {
  FxaaPush push;
};
layout(location = 0) out vec4 color;

const float kEdgeThreshold = 0.0625;  // luma contrast below which a pixel is left alone
const float kReduceMin = 1.0 / 128.0;
const float kReduceMul = 1.0 / 8.0;
const float kSpanMax = 8.0;  // pixels

// Luma of a linear colour, roughly as the eye sees it (sqrt approximates the sRGB curve).
float luma(vec3 c) {
  return dot(sqrt(c), vec3(0.299, 0.587, 0.114));
}

vec3 at(vec2 uv) {
  return texture(scene, uv).rgb;
}

void main() {
  vec2 texel = push.texel_size.xy;
  vec2 uv = gl_FragCoord.xy * texel;
  vec3 middle = at(uv);
  float m = luma(middle);
  float nw = luma(at(uv + vec2(-1.0, -1.0) * texel));
  float ne = luma(at(uv + vec2(1.0, -1.0) * texel));
  float sw = luma(at(uv + vec2(-1.0, 1.0) * texel));
  float se = luma(at(uv + vec2(1.0, 1.0) * texel));
  float lo = min(m, min(min(nw, ne), min(sw, se)));
  float hi = max(m, max(max(nw, ne), max(sw, se)));
  if (hi - lo < max(kEdgeThreshold * hi, 1.0 / 32.0)) {
    color = vec4(middle, 1.0);
    return;
  }
  // The gradient's perpendicular: the direction along the edge.
  vec2 dir = vec2(-((nw + ne) - (sw + se)), (nw + sw) - (ne + se));
  float reduce = max((nw + ne + sw + se) * 0.25 * kReduceMul, kReduceMin);
  float scale = 1.0 / (min(abs(dir.x), abs(dir.y)) + reduce);
  dir = clamp(dir * scale, vec2(-kSpanMax), vec2(kSpanMax)) * texel;
  vec3 near = 0.5 * (at(uv + dir * (1.0 / 3.0 - 0.5)) + at(uv + dir * (2.0 / 3.0 - 0.5)));
  vec3 far = 0.5 * near + 0.25 * (at(uv - dir * 0.5) + at(uv + dir * 0.5));
  float far_luma = luma(far);
  // The wider blend crossed another edge: keep the narrow one.
  color = vec4(far_luma < lo || far_luma > hi ? near : far, 1.0);
}
