#version 450
// Links with an end in no triangle (a rope's segments, springs between free particles) as thick
// lines: one screen-facing quad per link, style.line_width wide in the world and never thinner
// than style.min_pixels, shaded as a round cord. Six vertices per link, no vertex buffer; the
// links to draw come first in the links buffer. Drawn a hair nearer the eye, as the cloth is, so
// that a rope lying on the ground stays whole.
#include "render_bindings.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 side_axis;   // world direction of the quad's +across side
layout(location = 2) out vec3 to_eye;      // world direction towards the camera
layout(location = 3) out float across;     // -1 .. 1 from one edge of the line to the other
layout(location = 4) flat out vec3 fabric;  // linear colour of the rope

void main() {
  RenderLink link = links[gl_VertexIndex / 6];
  uint corner = gl_VertexIndex % 6;
  vec3 a = pulled_to_eye(positions[link.a].xyz, push.eye);
  vec3 b = pulled_to_eye(positions[link.b].xyz, push.eye);
  fabric = fabric_color(link.a).rgb;
  vec4 ca = push.view_projection * vec4(a, 1.0);
  vec4 cb = push.view_projection * vec4(b, 1.0);
  // A link crossing the camera plane is skipped rather than drawn through infinity.
  if (ca.w <= 1e-4 || cb.w <= 1e-4) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0);  // outside the depth range: clipped
    return;
  }
  vec2 viewport = vec2(push.viewport_width, push.viewport_height);
  vec2 along = cb.xy / cb.w * viewport - ca.xy / ca.w * viewport;
  vec2 dir = length(along) > 1e-6 ? normalize(along) : vec2(1.0, 0.0);
  vec2 side = vec2(-dir.y, dir.x);

  // Corners 0..5: (a,-) (b,-) (b,+) (a,-) (b,+) (a,+)
  bool at_b = corner == 1u || corner == 2u || corner == 4u;
  across = (corner == 2u || corner == 4u || corner == 5u) ? 1.0 : -1.0;
  vec3 p = at_b ? b : a;
  vec4 c = at_b ? cb : ca;
  float pixel = world_per_pixel(push.view_projection, c.w, push.viewport_height);
  float width_px = max(style.line_width / pixel, style.min_pixels);
  // Half the width each side, in NDC (2 units across the viewport), times w for clip space.
  c.xy += side * across * width_px / viewport * c.w;
  gl_Position = c;

  world_position = p;
  side_axis = normalize(side.x * screen_right(push.view_projection) +
                        side.y * screen_down(push.view_projection));
  to_eye = normalize(push.eye.xyz - p);
}
