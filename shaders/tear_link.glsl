// Breaking one link of a tearable grid, shared by tear_links.comp (stretched too far) and
// cut_links.comp (the viewer's knife), and whether a link yields, shared by tear_links.comp and
// update_reach.comp. Mirrors tear_link and link_yields in sim/modules/tearing.cpp.
#ifndef WEFT_TEAR_LINK_GLSL
#define WEFT_TEAR_LINK_GLSL
#include "grid_directions.glsl"
#include "tearing_layout.h"

// Whether the link from particle a to particle b, in rest-length slot `slot` of the grid, is
// stretched beyond WEFT_TEAR_YIELD_SHARE of its break strain: the strain limits no longer hold
// across it (sim/modules/tearing.h).
bool link_yields(GridParams grid, uint a, uint b, uint slot) {
  float len = length(positions[b].xyz - positions[a].xyz);
  return len > (1.0 + WEFT_TEAR_YIELD_SHARE * grid.break_strain) * grid_rest_length(grid, slot);
}

// Breaks the link from `node` of `grid` in forward direction k (0, 2, 4, 6) to `other`. Both ends
// get its bit; a structural link also breaks the bend links across it (two nodes either way) and
// marks its row or column for update_reach.comp. Atomics: neighbouring threads add bits to the
// same nodes.
void tear_link(GridParams grid, uint node, uint k, uint other) {
  uint base = grid.first_particle;
  atomicOr(link_state[base + node], 1u << k);
  atomicOr(link_state[base + other], 1u << (k + 1u));
  if (k < 4u) {
    uint axis = k / 2u;
    uint column = node % grid.columns;
    uint row = node / grid.columns;
    uint along = axis == 0u ? column : row;
    uint nodes = axis == 0u ? grid.columns : grid.rows;
    uint stride = axis == 0u ? 1u : grid.columns;
    uint bend_forward = 8u + 2u * axis;
    if (along >= 1u) {  // the bend link from the node before to the node after
      atomicOr(link_state[base + node - stride], 1u << bend_forward);
      atomicOr(link_state[base + other], 1u << (bend_forward + 1u));
    }
    if (along + 2u < nodes) {  // the bend link from this node to the one after the other
      atomicOr(link_state[base + node], 1u << bend_forward);
      atomicOr(link_state[base + other + stride], 1u << (bend_forward + 1u));
    }
    uint head = axis == 0u ? row * grid.columns : column;
    atomicOr(link_state[base + head], axis == 0u ? WEFT_LINK_ROW_CHANGED : WEFT_LINK_COLUMN_CHANGED);
  }
  atomicAdd(health.torn_links, 1u);
}

#endif  // WEFT_TEAR_LINK_GLSL
