// Strain limits of cloth grids (sim/modules/strain_limits.h): limit_strain.comp and the C++ that
// packs them. Included by GLSL and C++ alike.
#ifndef WEFT_STRAIN_LIMITS_H
#define WEFT_STRAIN_LIMITS_H
#include "grid_cloth.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// The grids are GridParams (grid_cloth.h) at the grid modules' binding, so that the grid path's
// neighbour lookup (grid_directions.glsl) serves this module too.
#define WEFT_STRAIN_LIMITS_BINDING_GRIDS WEFT_GRID_BINDING_GRIDS
#define WEFT_STRAIN_LIMITS_BINDING_SCALES 1   // per grid: its tethers' scale, its links' scale
#define WEFT_STRAIN_LIMITS_BINDING_SCRATCH 2  // per thread: the first pass's positions

// Passes per substep: the first reads the positions and writes the scratch buffer, the second
// reads that and writes the positions back, so no copy is needed.
#define WEFT_STRAIN_LIMIT_PASSES 2

// A pair whose squared distance is under its limit's square times this is within its limit
// whatever the rounding of the square root (1e-5 is a hundred times the float rounding of the
// squares and the root), so it is passed over without taking the root: the answer is the one the
// root gives, for most pairs at a fraction of the cost.
#define WEFT_STRAIN_LIMITS_CLEARLY_WITHIN 0.99999

// Push constants of limit_strain.comp.
struct StrainLimitsPush {
  uint thread_count;  // nodes of every limited grid
  uint grid_count;
  uint read_scratch;  // 1 in the second pass: read the scratch buffer, write the positions
  // 1 after self-collision: a correction moves the previous position alike, adding no velocity
  uint settles;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_STRAIN_LIMITS_H
