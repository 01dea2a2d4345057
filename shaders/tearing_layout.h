// Tearing of cloth grids (sim/modules/tearing.h): tear_links.comp, update_reach.comp,
// cut_links.comp and the C++ that packs them. Included by GLSL and C++ alike.
#ifndef WEFT_TEARING_H
#define WEFT_TEARING_H
#include "grid_cloth.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// The grids are GridParams (grid_cloth.h) at the grid modules' binding, so that the grid path's
// neighbour lookup (grid_directions.glsl) serves this module too.
#define WEFT_TEARING_BINDING_GRIDS WEFT_GRID_BINDING_GRIDS
#define WEFT_TEARING_BINDING_CUTS 1  // LinkCut: the links a knife cut this frame

// A link stretched beyond this share of its break strain yields: the strain limits no longer
// hold pairs of nodes across it (sim/modules/tearing.h).
#define WEFT_TEAR_YIELD_SHARE 0.5f

// A link to break: the one leading from the node at `thread` (of the module's dispatch over its
// grids) in grid direction `direction` (0, 2, 4 or 6: each link from the end it leads forward
// from).
struct LinkCut {
  uint thread;
  uint direction;
};

// Push constants of the tearing passes.
struct TearingPush {
  uint thread_count;  // nodes of every tearable grid
  uint grid_count;
  uint cut_count;  // cut_links.comp: cuts this frame
  uint pad0;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_TEARING_H
