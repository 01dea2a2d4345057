#version 450
// The viewer's knife: at the start of a frame, the links a stroke crossed break, as if stretched
// too far. One thread per cut; the list holds each link once. Mirrors Tearing::cut in
// sim/modules/tearing.cpp.
#include "tear_link.glsl"
#include "tearing_layout.h"

layout(local_size_x = WEFT_GROUP_SIZE) in;
layout(push_constant) uniform Push {
  TearingPush push;
};
layout(std430, set = WEFT_MODULE_SET, binding = WEFT_TEARING_BINDING_CUTS) readonly buffer
    CutsBuffer {
  LinkCut cuts[];
};

void main() {
  uint c = thread_index();
  if (c >= push.cut_count) return;
  LinkCut cut = cuts[c];
  GridParams grid = grids[grid_of_thread(cut.thread, push.grid_count)];
  uint node = cut.thread - grid.first_thread;
  uint other;
  if (link_torn(link_state[grid.first_particle + node], cut.direction) ||
      !grid_neighbour(grid, node % grid.columns, node / grid.columns, cut.direction, other)) {
    return;
  }
  tear_link(grid, node, cut.direction, other);
}
