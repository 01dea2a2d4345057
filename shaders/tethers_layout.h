// Tethers, long-range attachments (sim/modules/tethers.h): check_tethers.comp, relax_tethers.comp
// and the C++ that packs them. Included by GLSL and C++ alike.
#ifndef WEFT_TETHERS_H
#define WEFT_TETHERS_H
#include "grid_cloth.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// The cloth grids that tear and have tethers are GridParams (grid_cloth.h) at the grid modules'
// binding, so that the grid path's neighbour lookup (grid_directions.glsl) serves this module too.
#define WEFT_TETHERS_BINDING_GRIDS WEFT_GRID_BINDING_GRIDS
#define WEFT_TETHERS_BINDING_TETHERS 1  // one Tether per particle
#define WEFT_TETHERS_BINDING_CHECKED 2  // the torn-link count when check_tethers.comp last ran
// Per particle of a cloth that tears: how far beyond its length a tether may be pulled before it
// lets go, as a factor of the length ((1 + break_strain) / (1 + max_stretch)); 0 elsewhere.
#define WEFT_TETHERS_BINDING_GIVE_WAY 3
#define WEFT_TETHER_NONE 0xffffffffu
// A count of torn links that never occurs: makes check_tethers.comp run at its next dispatch.
#define WEFT_TETHERS_UNCHECKED 0xffffffffu

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
  uint tears;  // 1 when a cloth with tethers can tear: read its cut tethers and give-way factors
  uint pad0;
  uint pad1;
};

// Push constants of check_tethers.comp.
struct TetherCheckPush {
  uint thread_count;  // nodes of every grid that tears and has tethers
  uint grid_count;
  uint pad0;
  uint pad1;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_TETHERS_H
