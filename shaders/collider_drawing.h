// Drawing the colliders other than spheres (planes, capsules, boxes, triangle meshes) from the
// solver's own collider buffers (app/render/collider_renderer.h: collider.vert, collider.frag).
// Included by GLSL and C++ alike.
#ifndef WEFT_COLLIDER_DRAWING_H
#define WEFT_COLLIDER_DRAWING_H
#include "colliders_layout.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// The draws' set 0: the colliders module's buffers, bound as they are.
#define WEFT_COLLIDER_DRAW_BINDING_SHAPES 0     // ColliderShape (WEFT_COLLIDERS_BINDING_SHAPES)
#define WEFT_COLLIDER_DRAW_BINDING_TRIANGLES 1  // mesh corners (WEFT_COLLIDERS_BINDING_TRIANGLES)
#define WEFT_COLLIDER_DRAW_BINDING_COUNT 2

// Vertices per draw: a plane's patch is two triangles, a box twelve; a capsule is a latitude-
// longitude mesh of WEFT_CAPSULE_SLICES around and WEFT_CAPSULE_STACKS + 1 bands from pole to
// pole (a hemisphere of half the stacks at each end, and the cylinder between them); a mesh is
// three vertices per triangle.
#define WEFT_PLANE_VERTICES 6
#define WEFT_BOX_VERTICES 36
#define WEFT_CAPSULE_SLICES 32
#define WEFT_CAPSULE_STACKS 16
#define WEFT_CAPSULE_VERTICES (WEFT_CAPSULE_SLICES * (WEFT_CAPSULE_STACKS + 1) * 6)

// Push constants of the collider draws (128 bytes, the least every device offers).
struct ColliderDrawPush {
  mat4 view_projection;
  vec4 eye;          // xyz: camera position (m); w: unused
  vec4 light;        // xyz: unit direction towards the key light; w: unused
  vec4 plane_patch;  // xyz: a point a plane's patch is centred nearest to (m); w: half its side (m)
  uint encode_srgb;  // 1: the attachment is UNORM and the shader encodes its colour to sRGB
  float spacing;     // m: the longest edge of the scene's triangles (the cloth's spacing)
  uint pad0;
  uint pad1;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_COLLIDER_DRAWING_H
