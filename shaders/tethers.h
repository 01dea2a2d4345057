// Tethers, long-range attachments (sim/modules/tethers.h): relax_tethers.comp and the C++ that
// packs them. Included by GLSL and C++ alike.
#ifndef WEFT_TETHERS_H
#define WEFT_TETHERS_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

#define WEFT_TETHERS_BINDING_TETHERS 0  // one Tether per particle
#define WEFT_TETHER_NONE 0xffffffffu

// A particle's attachments to its two nearest pins: it may be no further from pin k than
// max_length[k]. pin = WEFT_TETHER_NONE for an attachment the particle does not have.
struct Tether {
  uint pin0;
  uint pin1;
  float max_length0;  // m
  float max_length1;  // m
};

// Push constants of relax_tethers.comp.
struct TethersPush {
  uint particle_count;
  uint pad0;
  uint pad1;
  uint pad2;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_TETHERS_H
