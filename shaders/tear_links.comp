#version 450
// Tearing, once per substep right after the sweeps, before the strain limits and the tethers
// spread the pull on the cloth evenly over its rows and columns (tearing_layout.h). A structural
// link (along a row or a column: the yarns) stretched beyond (1 + break_strain) times its rest
// length breaks. A shear link (a cell's diagonal) stands for the weave's resistance to shearing,
// not for a yarn: woven cloth shears by tens of degrees without tearing, which stretches a
// diagonal well beyond any break strain. So a shear link breaks with its cell: when one of the
// cell's four structural edges is torn or breaks in this pass. One thread per node decides the
// links it leads forward from (directions 0, 2, 4, 6), so each link is decided once; a broken
// link stays broken. A thread sets only its own forward bits, and asks about a cell's edges with
// a test whose answer does not depend on whether their own threads have run yet, so the result
// does not depend on the order threads run in. A structural link that starts or stops yielding
// (beyond half its break strain) marks its row or column for update_reach.comp, which counts the
// strain limits' reach up to it. Mirrors Tearing::tear in sim/modules/tearing.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "tear_link.glsl"
#include "tearing_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  TearingPush push;
};

// Whether the link from `node` to `other` of `grid` in slot `slot` is stretched beyond its
// break strain.
bool stretched(GridParams grid, uint node, uint other, uint slot) {
  vec3 p = positions[grid.first_particle + node].xyz;
  float len = length(positions[grid.first_particle + other].xyz - p);
  return len > (1.0 + grid.break_strain) * grid_rest_length(grid, slot);
}

// Whether the structural link from node (column, row) in forward direction k (0: to the next
// column, 2: to the next row) is torn at the end of this pass: torn before, or stretched now.
// The link's own thread may or may not have set its bit yet; the answer is the same either way.
bool structural_gone(GridParams grid, uint column, uint row, uint k) {
  uint node = row * grid.columns + column;
  uint other = k == 0u ? node + 1u : node + grid.columns;
  bool present = ((grid.spring_kinds | grid.constraint_kinds) & WEFT_GRID_STRUCTURAL) != 0u;
  return link_torn(link_state[grid.first_particle + node], k) ||
         (present && stretched(grid, node, other, k / 2u));
}

// Whether the cell whose top-left node is (column, row) has lost one of its four edges.
bool cell_open(GridParams grid, uint column, uint row) {
  return structural_gone(grid, column, row, 0u) || structural_gone(grid, column, row + 1u, 0u) ||
         structural_gone(grid, column, row, 2u) || structural_gone(grid, column + 1u, row, 2u);
}

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  GridParams grid = grids[grid_of_thread(t, push.grid_count)];
  uint node = t - grid.first_thread;
  uint column = node % grid.columns;
  uint row = node / grid.columns;
  uint state = link_state[grid.first_particle + node];
  uint kinds = grid.spring_kinds | grid.constraint_kinds;
  [[unroll]] for (uint k = 0u; k < 8u; k += 2u) {
    uint other;
    if ((kinds & kKindBit[k]) == 0u || link_torn(state, k) ||
        !grid_neighbour(grid, column, row, k, other)) {
      continue;
    }
    // Direction 4 runs down-right across the cell at (column, row), 6 down-left across the one
    // at (column - 1, row).
    bool breaks = k < 4u ? stretched(grid, node, other, k / 2u)
                         : cell_open(grid, k == 4u ? column : column - 1u, row);
    if (breaks) {
      tear_link(grid, node, k, other);
    } else if (k < 4u) {
      // A structural link that started or stopped yielding: its row or column is counted again.
      // The reach towards the link (sides 1 and 3: towards higher indices) is 0 exactly when the
      // last count found it torn or yielding.
      bool yielding = link_yields(grid, grid.first_particle + node, grid.first_particle + other,
                                  k / 2u);
      if (yielding != (reach_level(state, k + 1u) == 0u)) {
        uint head = k == 0u ? row * grid.columns : column;
        atomicOr(link_state[grid.first_particle + head],
                 k == 0u ? WEFT_LINK_ROW_CHANGED : WEFT_LINK_COLUMN_CHANGED);
      }
    }
  }
}
