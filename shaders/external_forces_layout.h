// Witkin's one-shot external forces (sim/modules/external_forces.h): apply_external_forces.comp
// and the C++ that queues them. Included by GLSL and C++ alike.
#ifndef WEFT_EXTERNAL_FORCES_H
#define WEFT_EXTERNAL_FORCES_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

#define WEFT_EXTERNAL_FORCES_BINDING_FORCES 0

// A force applied during one substep and then cleared.
struct ExternalForce {
  vec4 force;  // xyz: N
  uint particle;
  uint pad0;
  uint pad1;
  uint pad2;
};

// Push constants of apply_external_forces.comp.
struct ExternalForcesPush {
  uint count;  // entries this frame
  uint pad0;
  uint pad1;
  uint pad2;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_EXTERNAL_FORCES_H
