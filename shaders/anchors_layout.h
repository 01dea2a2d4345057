// Program-driven pins (sim/modules/anchors.h): drive_anchors.comp and the C++ that packs them.
// Included by GLSL and C++ alike.
#ifndef WEFT_ANCHORS_H
#define WEFT_ANCHORS_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

#define WEFT_ANCHORS_BINDING_ANCHORS 0

// Anchor::mode
#define WEFT_ANCHOR_VELOCITY 0  // moves its particle by velocity * dt each substep (NeHe's rope)
#define WEFT_ANCHOR_TARGET 1    // pulls its particle towards target (a mouse drag)

// A pinned particle (inverse mass 0) that the program moves: at a velocity (NeHe's rope
// connection) or towards a target (a mouse drag, sim/model/particle_drag.h). Never below the ground
// when keep_above_ground is set.
struct Anchor {
  vec4 velocity;  // xyz: m/s (WEFT_ANCHOR_VELOCITY)
  vec4 target;    // xyz: m; w: time constant of the approach, s, >= 0 (WEFT_ANCHOR_TARGET): each
                  // substep covers dt / (dt + w) of the way, so ~63% of it takes w seconds
  uint particle;
  uint keep_above_ground;  // 1: clamp to the ground height as NeHe's rope connection does
  uint mode;               // WEFT_ANCHOR_*
  uint pad0;
};

// Push constants of drive_anchors.comp.
struct AnchorsPush {
  uint anchor_count;  // the model's anchors, plus the drag slot while a drag is on
  uint pad0;
  uint pad1;
  uint pad2;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_ANCHORS_H
