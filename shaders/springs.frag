#version 450
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "lighting.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) in vec3 color;
layout(location = 0) out vec4 out_color;

void main() {
  out_color = output_color(color, push.encode_srgb);
}
