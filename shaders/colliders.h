// Colliders (sim/modules/colliders.h): collide.comp and the C++ that packs them. Included by GLSL
// and C++ alike.
#ifndef WEFT_COLLIDERS_H
#define WEFT_COLLIDERS_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

#define WEFT_COLLIDERS_BINDING_SPHERES 0  // xyz: centre (m); w: radius (m)

// Push constants of collide.comp.
struct CollidePush {
  uint sphere_count;
  uint pad0;
  uint pad1;
  uint pad2;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_COLLIDERS_H
