// The order of the compute passes in one frame, written once and followed by both solvers: the
// CPU reference runs each step, the GPU solver records a dispatch for it. Per substep:
//   accumulate_forces -> [apply_external_forces, first substep only] -> integrate ->
//   [drive_anchors] -> [relax_distance, for each sweep, for each colour] -> [collide]
// The grid path swaps in grid_accumulate_forces and one relax_grid_jacobi step per sweep.
// The grid path swaps in grid_accumulate_forces and one relax_grid_jacobi step per sweep.
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
  grid_accumulate_forces,  // the grid path's accumulate_forces
  relax_grid_jacobi,       // the grid path's relaxation: one whole sweep per step
};

const char* pass_name(Pass pass);  // "force accumulation", "Verlet update", ...

struct PassStep {
  Pass pass;
  uint32_t substep = 0;
  uint32_t sweep = 0;      // relax_distance only
  uint32_t color = 0;      // relax_distance only
  gpu::RelaxPush relax{};  // relax_distance and relax_grid_jacobi
  // relax_grid_jacobi: the last sweep of an odd number, which leaves the result in the GPU's
  // scratch buffers (the GPU solver copies it back; the CPU reference has nothing to do).
  bool ends_in_scratch = false;
};

struct FrameShape {
  bool grid_path = false;
  uint32_t substeps = 1;
  uint32_t relaxation_sweeps = 0;
  std::vector<uint32_t> color_offsets;  // of the coloured constraints; empty when there are none
  bool has_external_forces = false;
  bool has_anchors = false;
  bool has_collisions = false;

  bool operator==(const FrameShape&) const = default;
};

std::vector<PassStep> schedule_frame(const FrameShape& shape);

}  // namespace weft
