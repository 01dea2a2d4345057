// Runs a solver's frames back to back, as an application would, and collects the GPU time of
// every pass of every measured frame (a PassTimer per frame slot, read without stalling when the
// slot comes round again) and the wall-clock time of the measured frames.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/vulkan.h"
#include "sim/gpu/pass_timer.h"

namespace weft {

class Device;
class GpuSolver;
class ProgressBar;

struct GpuFrameSamples {
  std::vector<FrameTimings> frames;  // one per timed frame
  // The same number of frames again without timestamps, first submission to last completion:
  // what an application gets, and a check that the timestamps themselves cost little.
  double untimed_wall_seconds = 0.0;
};

// What a frame records after the solver's passes (bench --render: the graphics pass), given the
// timer to mark its sections with, or nothing when the frame is not timed.
using AfterSimulation = std::function<void(VkCommandBuffer, PassTimer*)>;

// `warmup` frames first (discarded, waited for), then `frames` timed frames and `frames` untimed
// ones, each of frame_dt seconds in `substeps` substeps. `progress`, when given, counts all of
// them (warmup + 2 x frames) as they are submitted.
GpuFrameSamples time_gpu_frames(Device& device, GpuSolver& solver, uint32_t warmup, uint32_t frames,
                                float frame_dt, uint32_t substeps,
                                const AfterSimulation& after_simulation = {},
                                ProgressBar* progress = nullptr);

}  // namespace weft
