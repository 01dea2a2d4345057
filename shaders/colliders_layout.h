// Colliders (sim/modules/colliders.h): collide.comp and the C++ that packs them. Included by GLSL
// and C++ alike.
#ifndef WEFT_COLLIDERS_H
#define WEFT_COLLIDERS_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

#define WEFT_COLLIDERS_BINDING_SPHERES 0        // xyz: centre at the frame's end (m); w: radius (m)
#define WEFT_COLLIDERS_BINDING_SPHERE_STARTS 1  // xyz: centre at the frame's start (m)
#define WEFT_COLLIDERS_BINDING_SHAPES 2         // ColliderShape
#define WEFT_COLLIDERS_BINDING_TRIANGLES 3      // mesh colliders: three vec4 corners (local, m)
#define WEFT_COLLIDERS_BINDING_REACHES 4        // per particle: how far it keeps off colliders (m)
// Per sphere, then per shape: its own Coulomb coefficients (static, kinetic); static < 0: none.
#define WEFT_COLLIDERS_BINDING_FRICTIONS 5
// Per particle: its material's Coulomb coefficients (static, kinetic); static < 0: none.
#define WEFT_COLLIDERS_BINDING_PARTICLE_FRICTIONS 6

#define WEFT_COLLIDER_PLANE 0u
#define WEFT_COLLIDER_CAPSULE 1u
#define WEFT_COLLIDER_BOX 2u
#define WEFT_COLLIDER_MESH 3u

// A plane, capsule, box or triangle mesh, with its pose at the start and the end of the frame
// (within the frame it moves linearly with the substeps).
struct ColliderShape {
  uint kind;  // WEFT_COLLIDER_*
  uint first_triangle;
  uint triangle_count;
  uint pad0;
  vec4 size;        // capsule: x radius, y half length; box: xyz half extents; mesh: x margin
  vec4 bounds_min;  // mesh: its triangles' bounding box, local, grown by the margin
  vec4 bounds_max;
  vec4 position_start;  // xyz, m
  vec4 position_end;
  vec4 rotation_start;  // unit quaternion (xyz, w), local to world
  vec4 rotation_end;
};

// Push constants of collide.comp.
struct CollidePush {
  uint sphere_count;
  uint shape_count;
  uint substep;  // this substep and the frame's count: where in the frame's motion it is
  uint substeps;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_COLLIDERS_H
