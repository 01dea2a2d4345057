// The blow-up watch inside the frame loop: the solver's health pass is recorded into each
// simulated frame and its result copied into that frame slot's host buffer, read when the slot
// comes round again, so the panel's strain and blow-up warning never make the CPU wait.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/buffer.h"
#include "sim/health.h"

namespace weft {

class Device;
class GpuSolver;

class HealthWatch {
 public:
  HealthWatch(Device& device, uint32_t slots);

  // Records the health pass and the copy of its result, after the solver's frame.
  void record(VkCommandBuffer cmd, uint32_t slot, GpuSolver& solver);
  // The report recorded in this slot, once its frame has finished; each is given once.
  std::optional<HealthReport> collect(uint32_t slot);

 private:
  Device& device_;
  std::vector<Buffer> readbacks_;
  std::vector<bool> recorded_;
};

}  // namespace weft
