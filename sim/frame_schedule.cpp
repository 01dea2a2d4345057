#include "sim/frame_schedule.h"

namespace weft {

const char* pass_name(Pass pass) {
  switch (pass) {
    case Pass::accumulate_forces: return "force accumulation";
    case Pass::apply_external_forces: return "external forces";
    case Pass::integrate: return "integration";
    case Pass::drive_anchors: return "anchors";
    case Pass::relax_distance: return "constraint relaxation";
    case Pass::collide: return "collision";
    // The grid path's passes do the same jobs: timings and tables add them up with those.
    case Pass::grid_accumulate_forces: return "force accumulation";
    case Pass::relax_grid_jacobi: return "constraint relaxation";
  }
  return "unknown pass";
}

std::vector<PassStep> schedule_frame(const FrameShape& shape) {
  std::vector<PassStep> steps;
  const uint32_t colors =
      shape.color_offsets.empty() ? 0u : static_cast<uint32_t>(shape.color_offsets.size() - 1);
  for (uint32_t s = 0; s < shape.substeps; ++s) {
    steps.push_back({shape.grid_path ? Pass::grid_accumulate_forces : Pass::accumulate_forces, s});
    if (s == 0 && shape.has_external_forces) steps.push_back({Pass::apply_external_forces, s});
    steps.push_back({Pass::integrate, s});
    if (shape.has_anchors) steps.push_back({Pass::drive_anchors, s});
    for (uint32_t sweep = 0; sweep < shape.relaxation_sweeps; ++sweep) {
      if (shape.grid_path) {
        // One Jacobi sweep over every constraint, alternating between two buffers on the GPU.
        PassStep step{Pass::relax_grid_jacobi, s, sweep};
        step.relax.reset_lambda = sweep == 0 ? 1u : 0u;
        step.relax.read_scratch = sweep % 2;
        step.ends_in_scratch = sweep + 1 == shape.relaxation_sweeps && sweep % 2 == 0;
        steps.push_back(step);
        continue;
      }
      for (uint32_t c = 0; c < colors; ++c) {
        PassStep step{Pass::relax_distance, s, sweep, c};
        step.relax.first = shape.color_offsets[c];
        step.relax.count = shape.color_offsets[c + 1] - shape.color_offsets[c];
        step.relax.reset_lambda = sweep == 0 ? 1u : 0u;
        steps.push_back(step);
      }
    }
    if (shape.has_collisions) steps.push_back({Pass::collide, s});
  }
  return steps;
}

}  // namespace weft
