// The grid path's neighbours by index: the grids of the module (set 1, binding 0), which grid a
// thread belongs to, and the twelve directions a node links in, in the order every gather walks
// them (sim/model/grid_layout.h lists the same table for the CPU reference). Each pair is one link
// seen from both ends; the even entry points to the higher index, whose node owns the link's
// XPBD multiplier in slot direction / 2.
#ifndef WEFT_GRID_DIRECTIONS_GLSL
#define WEFT_GRID_DIRECTIONS_GLSL
#include "particle_bindings.glsl"
#include "grid_cloth.h"

layout(std430, set = WEFT_MODULE_SET, binding = WEFT_GRID_BINDING_GRIDS) readonly buffer GridsBuffer {
  GridParams grids[];
};

const int kColumnOffset[12] = int[12](1, -1, 0, 0, 1, -1, -1, 1, 2, -2, 0, 0);
const int kRowOffset[12] = int[12](0, 0, 1, -1, 1, -1, 1, -1, 0, 0, 2, -2);
const uint kKindBit[12] = uint[12](WEFT_GRID_STRUCTURAL, WEFT_GRID_STRUCTURAL, WEFT_GRID_STRUCTURAL,
                                   WEFT_GRID_STRUCTURAL, WEFT_GRID_SHEAR, WEFT_GRID_SHEAR,
                                   WEFT_GRID_SHEAR, WEFT_GRID_SHEAR, WEFT_GRID_BEND, WEFT_GRID_BEND,
                                   WEFT_GRID_BEND, WEFT_GRID_BEND);
const uint kKind[12] = uint[12](0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2);

// The grid thread t belongs to: the last one starting at or before it.
uint grid_of_thread(uint t, uint grid_count) {
  uint low = 0u;
  uint high = grid_count;
  while (high - low > 1u) {
    uint middle = (low + high) / 2u;
    if (grids[middle].first_thread <= t) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return low;
}

float grid_rest_length(GridParams grid, uint slot) {
  return slot < 4u ? grid.rest_lengths[slot] : grid.bend_rest_lengths[slot - 4u];
}

// The node `direction` leads to from (column, row), as an index within the grid, or false when
// it is off the grid.
bool grid_neighbour(GridParams grid, uint column, uint row, uint direction, out uint neighbour) {
  int c = int(column) + kColumnOffset[direction];
  int r = int(row) + kRowOffset[direction];
  neighbour = uint(r) * grid.columns + uint(c);
  return c >= 0 && c < int(grid.columns) && r >= 0 && r < int(grid.rows);
}

#endif  // WEFT_GRID_DIRECTIONS_GLSL
