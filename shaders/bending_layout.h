// Bending elements (sim/modules/bending.h, sim/model/bending_element.h): relax_bending.comp and the
// C++ that packs them. Included by GLSL and C++ alike.
#ifndef WEFT_BENDING_H
#define WEFT_BENDING_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

#define WEFT_BENDING_BINDING_ELEMENTS 0  // sorted by colour
#define WEFT_BENDING_BINDING_LAMBDAS 1   // per element: its XPBD multiplier (xyz) this substep

// C = sum over k < arity of coefficients[k] * x[particles[k]], stored energy |C|^2 / 2 compliance.
// Its hinge is particles[0] and [1] (four nodes) or particles[1] (three); its sides particles[2]
// and particles[3] (four) or [0] (three).
struct BendingElement {
  uvec4 particles;
  vec4 coefficients;
  float compliance;  // m/N
  uint arity;        // 3 or 4
  uint pad0;
  float side_share;  // of its area, on particles[2]'s side (sim/model/bending_element.h)
};

// Push constants of relax_bending.comp: one colour.
struct BendingPush {
  uint first;
  uint count;
  uint reset_lambda;  // 1 in the substep's first sweep
  uint pad0;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_BENDING_H
