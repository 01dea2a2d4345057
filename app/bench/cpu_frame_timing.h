// The CPU reference (CpuSolver<float>) on the same work as the GPU: the same frame schedule,
// pass by pass, timed with the wall clock, so each GPU pass can be compared with its CPU twin.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace weft {

struct Model;

struct CpuFrameSamples {
  // Per frame: milliseconds per section, named as the GPU timer names them.
  std::vector<std::vector<std::pair<std::string, double>>> frames;
  std::vector<double> frame_ms;  // per frame, all passes
};

CpuFrameSamples time_cpu_frames(const Model& model, uint32_t frames);

}  // namespace weft
