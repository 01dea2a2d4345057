#version 450
// Markers on pinned and dragged particles, at their current positions (so they follow anchors and
// drags), as lit spheres drawn as impostors: one screen-facing square per marker, six vertices,
// where a mesh would cost hundreds; marker.frag cuts the disc and shades it as a sphere. Vertex
// 6 k draws markers[k]: the pins, then the dragged particle's slot. A marker far away keeps a
// radius of style.min_pixels. The square sits at the sphere's front, so the cloth around the
// particle stays behind it.
#include "render_bindings.glsl"

layout(push_constant) uniform Push {
  DrawPush push;
};

layout(location = 0) out vec2 disc;          // -1 .. 1 across the square, x right, y down
layout(location = 1) flat out vec3 center;   // m
layout(location = 2) flat out vec3 right;    // world directions of the square's x and y
layout(location = 3) flat out vec3 down;
layout(location = 4) flat out vec3 to_eye;

void main() {
  disc = kImpostorCorners[gl_VertexIndex % 6];
  center = pulled_to_eye(positions[markers[gl_VertexIndex / 6]].xyz, push.eye);
  vec4 clip = push.view_projection * vec4(center, 1.0);
  if (clip.w <= 1e-4) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0);  // behind the camera: clipped
    return;
  }
  float pixel = world_per_pixel(push.view_projection, clip.w, push.viewport_height);
  float radius = max(style.marker_radius, style.min_pixels * pixel);
  right = screen_right(push.view_projection);
  down = screen_down(push.view_projection);
  to_eye = normalize(push.eye.xyz - center);
  gl_Position = impostor_corner(push, center, clip, radius, pixel, disc);
}
