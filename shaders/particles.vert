#version 450
// Particles in no triangle (a rope's nodes, free particles) as lit spheres drawn as impostors: one
// screen-facing square per particle, six vertices, no vertex buffer, and particles.frag cuts the
// disc and shades it as a sphere. style.particle_radius in the world, and on the screen at least
// style.min_pixels unless that would crowd its neighbours (RenderParticle::spacing); a particle
// linked to no neighbour (a lone mass, as in NeHe's and Witkin's scenes) at least a hundredth of
// the picture's height, so that a run framed over a long flight still shows it. The square
// sits at the sphere's front, so a line through the particle's centre stays behind it; the sphere
// is pulled a hair towards the eye, as lines and cloth are.
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
  RenderParticle particle = particles[gl_VertexIndex / 6];
  center = pulled_to_eye(positions[particle.index].xyz, push.eye);
  vec4 clip = push.view_projection * vec4(center, 1.0);
  if (clip.w <= 1e-4) {
    gl_Position = vec4(0.0, 0.0, 2.0, 1.0);  // behind the camera: clipped
    return;
  }
  float pixel = world_per_pixel(push.view_projection, clip.w, push.viewport_height);
  // A fifth of the spacing: two neighbours' discs stay apart, and stay inside their line.
  float crowded = particle.spacing > 0.0 ? 0.2 * particle.spacing : 1e30;
  float least = particle.spacing > 0.0 ? style.min_pixels
                                        : max(style.min_pixels, 0.01 * push.viewport_height);
  float radius = max(style.particle_radius, min(least * pixel, crowded));
  right = screen_right(push.view_projection);
  down = screen_down(push.view_projection);
  to_eye = normalize(push.eye.xyz - center);
  gl_Position = impostor_corner(push, center, clip, radius, pixel, disc);
}
