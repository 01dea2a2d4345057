// The integrator (sim/modules/particle_integration.h): the push constants of integrate.comp and
// of the C++ that sets them. Included by GLSL and C++ alike.
#ifndef WEFT_INTEGRATION_H
#define WEFT_INTEGRATION_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Push constants of integrate.comp.
struct IntegratePush {
  // 1: no force gather ran this substep (FrameShape::environment_in_integration); the integrator
  // adds gravity, air drag and the ground's force itself, and reads no forces[].
  uint environment;
  uint pad0;
  uint pad1;
  uint pad2;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_INTEGRATION_H
