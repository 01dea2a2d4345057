// The order of the compute passes in one frame, written once and followed by both solvers: the
// CPU reference runs each step, the GPU solver records a dispatch for it. Per substep:
//   accumulate_forces -> [apply_external_forces, first substep only] -> integrate ->
//   [drive_anchors] -> [relax_distance, for each sweep, for each colour] -> [collide]
#pragma once

#include <cstdint>
#include <vector>

#include "sim/gpu_types.h"

namespace weft {

enum class Pass {
  accumulate_forces,
  apply_external_forces,
  integrate,
  drive_anchors,
  relax_distance,
  collide,
};

const char* pass_name(Pass pass);  // "force accumulation", "Verlet update", ...

struct PassStep {
  Pass pass;
  uint32_t substep = 0;
  uint32_t sweep = 0;      // relax_distance only
  uint32_t color = 0;      // relax_distance only
  gpu::RelaxPush relax{};  // relax_distance only
};

struct FrameShape {
  uint32_t substeps = 1;
  uint32_t relaxation_sweeps = 0;
  std::vector<uint32_t> color_offsets;  // of the coloured constraints; empty when there are none
  bool has_external_forces = false;
  bool has_anchors = false;
  bool has_collisions = false;
};

std::vector<PassStep> schedule_frame(const FrameShape& shape);

}  // namespace weft
