// A kind of GPU work the timers and reports name: a compute pass of a solver module (its shader
// too), or a section of a frame that is not one (the frame's updates, drawing). Each is a static
// object whose address is its identity: timings are keyed by it, the name is for people only.
#pragma once

namespace weft {

struct PassInfo {
  const char* name;    // "constraint relaxation", as reports and the panel show it
  const char* shader;  // "relax_distance.comp" (compiled into the program); "" for sections
};

}  // namespace weft
