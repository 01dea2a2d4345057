#version 450
// The springs view (the GLUT lab's drawing): every spring and distance constraint as a
// screen-space quad whose colour and width follow its strain, computed here from the positions
// buffer, so nothing is copied per frame. Six vertices per link, no vertex buffer.
#include "render_bindings.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec3 color;

const vec3 kRest = vec3(WEFT_STRAIN_COLOR_REST);
const vec3 kStretched = vec3(WEFT_STRAIN_COLOR_STRETCHED);
const vec3 kCompressed = vec3(WEFT_STRAIN_COLOR_COMPRESSED);

void main() {
  RenderLink link = links[gl_VertexIndex / 6];
  uint corner = gl_VertexIndex % 6;
  vec3 a = positions[link.a].xyz;
  vec3 b = positions[link.b].xyz;
  // A zero rest length (NeHe's spring to a point) has no strain to show: drawn as at rest.
  float strain =
      link.rest_length > 0.0 ? (length(b - a) - link.rest_length) / link.rest_length : 0.0;
  float t = clamp(strain / push.strain_style.x, -1.0, 1.0);
  color = t >= 0.0 ? mix(kRest, kStretched, t) : mix(kRest, kCompressed, -t);

  vec4 ca = push.view_projection * vec4(a, 1.0);
  vec4 cb = push.view_projection * vec4(b, 1.0);
  // A torn link is not drawn; nor is one crossing the camera plane, rather than through infinity.
  uint tear_bits = link.kind >> WEFT_LINK_TEAR_SHIFT;
  bool torn = tear_bits != 0u && (link_state[link.a] & tear_bits) != 0u;
  if (torn || ca.w <= 1e-4 || cb.w <= 1e-4) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0);  // outside the depth range: clipped
    return;
  }
  vec2 viewport = vec2(push.viewport_width, push.viewport_height);
  vec2 sa = ca.xy / ca.w * viewport;
  vec2 sb = cb.xy / cb.w * viewport;
  vec2 along = sb - sa;
  vec2 dir = length(along) > 1e-6 ? normalize(along) : vec2(1.0, 0.0);
  vec2 side = vec2(-dir.y, dir.x);
  float width = push.strain_style.y + push.strain_style.z * abs(t);
  // Corners 0..5: (a,-) (b,-) (b,+) (a,-) (b,+) (a,+)
  bool at_b = corner == 1u || corner == 2u || corner == 4u;
  float sign = (corner == 2u || corner == 4u || corner == 5u) ? 1.0 : -1.0;
  vec4 c = at_b ? cb : ca;
  // Half the width each side, in NDC (2 units across the viewport), times w for clip space.
  c.xy += side * sign * width / viewport * c.w;
  gl_Position = c;
}
