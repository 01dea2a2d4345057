// The CPU reference (CpuSolver<float>) on the same work as the GPU: the same frame schedule,
// pass by pass, timed with the wall clock, so each GPU pass can be compared with its CPU twin.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "sim/core/pass_info.h"

namespace weft {

struct Model;

struct CpuFrameSamples {
  // Per frame: milliseconds per pass, as the GPU timer keys them.
  std::vector<std::vector<std::pair<const PassInfo*, double>>> frames;
  std::vector<double> frame_ms;  // per frame, all passes
};

CpuFrameSamples time_cpu_frames(const Model& model, uint32_t frames);

}  // namespace weft
