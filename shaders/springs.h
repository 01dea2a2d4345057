// Springs by adjacency (sim/modules/adjacency_springs.h): each particle's springs as a list it
// walks (CSR), shared by accumulate_forces.comp and measure_springs.comp and by the C++ that
// packs them. Included by GLSL and C++ alike, as shared_types.h.
#ifndef WEFT_SPRINGS_H
#define WEFT_SPRINGS_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Set 1 of the springs passes.
#define WEFT_SPRINGS_BINDING_RANGES 0   // ParticleRange: the particles this module covers
#define WEFT_SPRINGS_BINDING_OFFSETS 1  // per covered thread t: refs[offsets[t] .. offsets[t + 1])
#define WEFT_SPRINGS_BINDING_REFS 2

// One spring as seen from one of its ends: the force gather walks these per particle.
struct SpringRef {
  uint other;         // index of the particle at the spring's other end
  float rest_length;  // m
  float stiffness;    // ks, N/m
  float damping;      // kd (axial) or kf (relative), N s/m
};

// Push constants of the springs passes.
struct SpringsPush {
  uint thread_count;  // particles covered
  uint range_count;   // ParticleRange entries
  uint pad0;
  uint pad1;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_SPRINGS_H
