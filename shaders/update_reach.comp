#version 450
// After links tear or start or stop yielding: how far each node of a changed row or column
// reaches along it before a torn or yielding structural link (link_state_layout.h, tear_link.glsl),
// which the strain limits read so that a pair of nodes holds only while the cloth between them
// does, and holds no pull that would hide a tear about to run. The first node of each row walks
// its row, the first node of each column its column; a line whose links have not changed since
// it was last walked is left alone, so the pass costs almost nothing while nothing tears. Each
// walker writes only its own line's levels, with atomics, since a row and a column cross at every
// node. Mirrors update_reach in sim/modules/tearing.cpp.
#include "tear_link.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  TearingPush push;
};

// Writes a node's level for one side, if it changed.
void set_level(uint particle, uint side, uint level) {
  uint shift = WEFT_REACH_SHIFT + WEFT_REACH_BITS * side;
  uint old = (link_state[particle] >> shift) & WEFT_REACH_MAX_LEVEL;
  if (old == level) return;
  atomicAnd(link_state[particle], ~(WEFT_REACH_MAX_LEVEL << shift));
  atomicOr(link_state[particle], level << shift);
}

uint level_of(uint intact_links) {
  return min(uint(findMSB(intact_links) + 1), WEFT_REACH_MAX_LEVEL);
}

// Whether the link from particle `particle` to the next one of its line is torn or yielding.
bool open_link(GridParams grid, uint particle, uint stride, uint axis) {
  return link_torn(link_state[particle], 2u * axis) ||
         link_yields(grid, particle, particle + stride, axis);
}

// Walks the line of `nodes` nodes from `first` (a particle) in steps of `stride` along `axis`.
void walk(GridParams grid, uint first, uint nodes, uint stride, uint axis) {
  uint reach = 0u;
  for (uint a = nodes; a-- > 0u;) {
    uint particle = first + a * stride;
    if (a + 1u < nodes) reach = open_link(grid, particle, stride, axis) ? 0u : reach + 1u;
    set_level(particle, 2u * axis + 1u, level_of(reach));
  }
  reach = 0u;
  for (uint a = 0u; a < nodes; ++a) {
    uint particle = first + a * stride;
    if (a > 0u) reach = open_link(grid, particle - stride, stride, axis) ? 0u : reach + 1u;
    set_level(particle, 2u * axis, level_of(reach));
  }
}

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  GridParams grid = grids[grid_of_thread(t, push.grid_count)];
  uint node = t - grid.first_thread;
  uint column = node % grid.columns;
  uint row = node / grid.columns;
  uint heads = (column == 0u ? WEFT_LINK_ROW_CHANGED : 0u) | (row == 0u ? WEFT_LINK_COLUMN_CHANGED : 0u);
  if (heads == 0u) return;
  uint i = grid.first_particle + node;
  uint changed = atomicAnd(link_state[i], ~heads) & heads;
  if ((changed & WEFT_LINK_ROW_CHANGED) != 0u) walk(grid, i, grid.columns, 1u, 0u);
  if ((changed & WEFT_LINK_COLUMN_CHANGED) != 0u) walk(grid, i, grid.rows, grid.columns, 1u);
}
