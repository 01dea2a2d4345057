// The storage buffers the graphics pass and compute_normals.comp see (the render set), and the
// push constants of the draws. Binding numbers and structs come from shared_types.h.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"

layout(std430, set = 0, binding = WEFT_RENDER_BINDING_POSITIONS) readonly buffer PositionsBuffer {
  vec4 positions[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_NORMALS) buffer NormalsBuffer {
  vec4 normals[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_CORNER_OFFSETS) readonly buffer
    CornerOffsetsBuffer {
  uint corner_offsets[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_CORNERS) readonly buffer CornersBuffer {
  TriangleCorner corners[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_LINKS) readonly buffer LinksBuffer {
  RenderLink links[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_SPHERES) readonly buffer SpheresBuffer {
  vec4 spheres[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_MARKERS) readonly buffer MarkersBuffer {
  uint markers[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_PARTICLES) readonly buffer ParticlesBuffer {
  RenderParticle particles[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_STYLE) readonly buffer StyleBuffer {
  RenderStyle style;
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_LINK_STATE) readonly buffer LinkStateBuffer {
  uint link_state[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_TRIANGLES) readonly buffer TrianglesBuffer {
  RenderTriangle triangles[];
};
// Per corner, as RenderTriangle::tear_bits: the corner's vertex's bits for its two edges (low 16),
// the next vertex's for the edge to the previous one (high 16).
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_CORNER_TEARS) readonly buffer
    CornerTearsBuffer {
  uint corner_tears[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_DRAWN) buffer DrawnBuffer {
  uint drawn_indices[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_TORN_TRIANGLES) readonly buffer
    TornTrianglesBuffer {
  TornTriangle torn_triangles[];
};
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_COLORS) readonly buffer ColorsBuffer {
  uint fabric_colors[];
};

// Per particle: xy its rest coordinates in its fabric (m), z the side of the squares of the check
// woven into it (0: a plain fabric); render_mesh.h: fabric_patterns.
layout(std430, set = 0, binding = WEFT_RENDER_BINDING_PATTERNS) readonly buffer PatternsBuffer {
  vec4 fabric_patterns[];
};

// The linear colour of the fabric (or rope) a particle belongs to, and in w 1 when the fabric's
// face is the side its normal points to, 0 when it is the other (render_mesh.h: packed_colors).
vec4 fabric_color(uint particle) {
  return unpackUnorm4x8(fabric_colors[particle]);
}

// A point moved towards the eye by `share` of the way: it stays on the same pixel, and wins the
// depth test against a surface it lies on (cloth on the ground or on a collider) at any distance,
// since the depth it gains grows with its distance as the depth buffer's steps do.
vec3 pulled_to_eye(vec3 p, vec4 eye) {
  return p + (eye.xyz - p) * eye.w;
}

// Whether a triangle (or corner) whose tear bits are `bits` lost an edge, given the states of
// its first two vertices.
bool opened(uint bits, uint first_state, uint second_state) {
  return ((first_state & (bits & 0xffffu)) | (second_state & (bits >> 16))) != 0u;
}

// The world length that covers one pixel at a point whose clip-space w is `w`. The row of the
// view-projection that gives clip y is the camera's up axis scaled by the projection's y scale
// (a rotation keeps lengths), so this holds for the perspective camera and the orthographic
// light alike.
float world_per_pixel(mat4 view_projection, float w, float viewport_height) {
  float y_scale = length(vec3(view_projection[0][1], view_projection[1][1], view_projection[2][1]));
  return 2.0 * w / (y_scale * viewport_height);
}

// The world directions that move a point right and down on the screen (x and y of clip space).
vec3 screen_right(mat4 view_projection) {
  return normalize(vec3(view_projection[0][0], view_projection[1][0], view_projection[2][0]));
}
vec3 screen_down(mat4 view_projection) {
  return normalize(vec3(view_projection[0][1], view_projection[1][1], view_projection[2][1]));
}

// Spheres drawn as impostors (particles.vert, marker.vert): one screen-facing square of six
// vertices per sphere, these its corners (-1 .. 1, x right, y down).
const vec2 kImpostorCorners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1),
                                        vec2(1, 1), vec2(-1, 1));

// The clip position of the impostor corner `disc` of a sphere of `radius` (m) at `center`, whose
// centre projects to `clip` (`pixel` m a pixel there): the square spans the radius on the screen
// and sits at the depth of the sphere's front, so a line or cloth through the centre stays
// behind it.
vec4 impostor_corner(DrawPush p, vec3 center, vec4 clip, float radius, float pixel, vec2 disc) {
  vec4 front = p.view_projection * vec4(center + radius * normalize(p.eye.xyz - center), 1.0);
  vec2 radius_ndc = 2.0 * (radius / pixel) / vec2(p.viewport_width, p.viewport_height);
  return vec4((clip.xy / clip.w + disc * radius_ndc) * clip.w, front.z / front.w * clip.w, clip.w);
}
