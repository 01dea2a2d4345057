// The grid path's neighbours by index: the twelve directions a node links in, in the order every
// gather walks them (sim/grid_layout.h lists the same table for the CPU reference). Each pair is
// one link seen from both ends; the even entry points to the higher index, whose particle owns
// the link's XPBD multiplier in slot direction / 2.
#ifndef WEFT_GRID_DIRECTIONS_GLSL
#define WEFT_GRID_DIRECTIONS_GLSL
#include "simulation_bindings.glsl"

layout(std430, set = 0, binding = WEFT_BINDING_GRID) readonly buffer GridBuffer {
  GridParams grid;
};

const int kColumnOffset[12] = int[12](1, -1, 0, 0, 1, -1, -1, 1, 2, -2, 0, 0);
const int kRowOffset[12] = int[12](0, 0, 1, -1, 1, -1, 1, -1, 0, 0, 2, -2);
const uint kKindBit[12] = uint[12](WEFT_GRID_STRUCTURAL, WEFT_GRID_STRUCTURAL, WEFT_GRID_STRUCTURAL,
                                   WEFT_GRID_STRUCTURAL, WEFT_GRID_SHEAR, WEFT_GRID_SHEAR,
                                   WEFT_GRID_SHEAR, WEFT_GRID_SHEAR, WEFT_GRID_BEND, WEFT_GRID_BEND,
                                   WEFT_GRID_BEND, WEFT_GRID_BEND);
const uint kKind[12] = uint[12](0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2);

float grid_rest_length(uint slot) {
  return slot < 4u ? grid.rest_lengths[slot] : grid.bend_rest_lengths[slot - 4u];
}

// The particle `direction` leads to from (column, row), or false when it is off the grid.
bool grid_neighbour(uint column, uint row, uint direction, out uint neighbour) {
  int c = int(column) + kColumnOffset[direction];
  int r = int(row) + kRowOffset[direction];
  neighbour = uint(r) * grid.columns + uint(c);
  return c >= 0 && c < int(grid.columns) && r >= 0 && r < int(grid.rows);
}

#endif  // WEFT_GRID_DIRECTIONS_GLSL
