// Bending elements (sim/modules/bending.h, sim/bending.h): relax_bending.comp and the C++ that
// packs them. Included by GLSL and C++ alike.
#ifndef WEFT_BENDING_H
#define WEFT_BENDING_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

#define WEFT_BENDING_BINDING_ELEMENTS 0  // sorted by colour

// C = sum over k < arity of coefficients[k] * x[particles[k]], stored energy |C|^2 / 2 compliance.
struct BendingElement {
  uvec4 particles;
  vec4 coefficients;
  float compliance;  // m/N
  uint arity;        // 3 or 4
  uint tear_bits;    // bits of particles[0]'s link state that say the element tore (0: cannot)
  uint pad1;
};

// Push constants of relax_bending.comp: one colour.
struct BendingPush {
  uint first;
  uint count;
  uint pad0;
  uint pad1;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_BENDING_H
