// NeHe lesson 39's real-time stepping: a frame's elapsed time is split into equal substeps, none
// longer than max_dt: iterations = int(elapsed / max_dt) + 1, dt = elapsed / iterations.
#pragma once

#include <cstdint>

namespace weft {

struct SubstepSplit {
  uint32_t substeps = 1;
  float dt = 0.0f;  // s
};

// elapsed and max_dt in seconds, both > 0. The count is capped at max_substeps so that a long
// stall (a debugger, a dragged window) cannot ask for an unbounded amount of work; the capped
// frame then simulates less time than elapsed, which is what a real-time viewer wants.
SubstepSplit split_elapsed_time(float elapsed, float max_dt, uint32_t max_substeps = 1000);

}  // namespace weft
