#version 450
// Tethers of cloth that tears, once per substep after the tearing and before the tethers are
// relaxed: a tether holds only while the cloth between its node and its pin is whole. The path
// is the straight line from the node to the pin through the grid's nodes (Bresenham's, by index:
// a step along a row or column crosses a structural link, a diagonal step a cell), and a tether
// whose path crosses a torn link is cut: it would hold a torn piece to a pin it no longer hangs
// from. A whole path keeps the cloth joined along a line that stays within a cell of the
// straight one, so the tether's length (the straight line's) still fits the cloth.
// The result goes into the node's link state (WEFT_LINK_TETHER_CUT_0 and _1, link_state_layout.h), which
// relax_tethers.comp reads. A path costs up to a grid's side in reads, so the pass checks only
// when links have torn since it last ran (the blow-up watch's count of torn links against the
// count copied after each run), or when the tethers were attached again. Each thread writes only
// its own node's state, and reads only the torn bits of others, which no thread writes here.
// Mirrors Tethers::check in sim/modules/tethers.cpp.
#extension GL_EXT_control_flow_attributes : require
#include "grid_directions.glsl"
#include "tethers_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_TETHERS_BINDING_TETHERS) readonly buffer
    TethersBuffer {
  Tether tethers[];
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_TETHERS_BINDING_CHECKED) readonly buffer
    CheckedBuffer {
  uint checked_torn_links;
};
layout(push_constant) uniform Push {
  TetherCheckPush push;
};

// The grid direction of a step by (dc, dr), each -1, 0 or 1, not both 0.
uint direction_of(int dc, int dr) {
  uint direction = 0u;
  [[unroll]] for (uint k = 0u; k < 8u; ++k) {
    if (kColumnOffset[k] == dc && kRowOffset[k] == dr) direction = k;
  }
  return direction;
}

uint state_at(GridParams grid, int column, int row) {
  return link_state[grid.first_particle + uint(row) * grid.columns + uint(column)];
}

// Whether the cloth holds across the step from node (column, row) in `direction`: its structural
// link, or for a diagonal step the four edges of the cell it crosses (a diagonal alone, which a
// knife may cut, does not part the cloth).
bool step_whole(GridParams grid, int column, int row, uint direction) {
  if (direction < 4u) return !link_torn(state_at(grid, column, row), direction);
  int left = min(column, column + kColumnOffset[direction]);
  int top = min(row, row + kRowOffset[direction]);
  uint corner = state_at(grid, left, top);
  return !link_torn(corner, 0u) && !link_torn(corner, 2u) &&
         !link_torn(state_at(grid, left + 1, top), 2u) &&
         !link_torn(state_at(grid, left, top + 1), 0u);
}

// Whether every step of the line from node `node` to node `pin` of the grid is whole.
bool path_whole(GridParams grid, uint node, uint pin) {
  int column = int(node % grid.columns);
  int row = int(node / grid.columns);
  int to_column = int(pin % grid.columns);
  int to_row = int(pin / grid.columns);
  int columns = abs(to_column - column);
  int rows = abs(to_row - row);
  int steps = max(columns, rows);
  int column_error = 0;
  int row_error = 0;
  for (int k = 0; k < steps; ++k) {
    int dc = 0;
    int dr = 0;
    column_error += columns;
    if (2 * column_error >= steps) {
      dc = to_column > column ? 1 : -1;
      column_error -= steps;
    }
    row_error += rows;
    if (2 * row_error >= steps) {
      dr = to_row > row ? 1 : -1;
      row_error -= steps;
    }
    if (!step_whole(grid, column, row, direction_of(dc, dr))) return false;
    column += dc;
    row += dr;
  }
  return true;
}

// WEFT_LINK_TETHER_CUT_0 or _1 (`cut`) if the tether to `pin` is cut, else 0.
uint cut_bit(GridParams grid, uint node, uint pin, uint cut) {
  if (pin == WEFT_TETHER_NONE) return 0u;
  return path_whole(grid, node, pin - grid.first_particle) ? 0u : cut;
}

void main() {
  uint t = thread_index();
  if (t >= push.thread_count || checked_torn_links == health.torn_links) return;
  GridParams grid = grids[grid_of_thread(t, push.grid_count)];
  uint node = t - grid.first_thread;
  uint i = grid.first_particle + node;
  Tether tether = tethers[i];
  uint cut = cut_bit(grid, node, tether.pin0, WEFT_LINK_TETHER_CUT_0) |
             cut_bit(grid, node, tether.pin1, WEFT_LINK_TETHER_CUT_1);
  uint state = link_state[i];
  uint updated = (state & ~(WEFT_LINK_TETHER_CUT_0 | WEFT_LINK_TETHER_CUT_1)) | cut;
  if (updated != state) link_state[i] = updated;
}
