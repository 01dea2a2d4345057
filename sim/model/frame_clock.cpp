#include "sim/model/frame_clock.h"

#include <algorithm>
#include <cmath>

namespace weft {

SubstepSplit split_elapsed_time(float elapsed, float max_dt, uint32_t max_substeps) {
  SubstepSplit split;
  const double iterations = std::floor(static_cast<double>(elapsed) / max_dt) + 1.0;
  if (iterations > max_substeps) {
    split.substeps = max_substeps;
    split.dt = max_dt;
    return split;
  }
  split.substeps = static_cast<uint32_t>(iterations);
  split.dt = elapsed / static_cast<float>(split.substeps);
  return split;
}

}  // namespace weft
