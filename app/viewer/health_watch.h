// The blow-up watch inside the frame loop: the solver's health pass is recorded into each
// simulated frame and its result copied into that frame slot's host buffer, read when the slot
// comes round again, so the panel's strain and blow-up warning never make the CPU wait. A system
// simulated on the CPU reference is measured at once and its report given back the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/buffer.h"
#include "sim/model/health.h"

namespace weft {

class Device;
class RecordedSolver;

class HealthWatch {
 public:
  HealthWatch(Device& device, uint32_t slots);

  // After the solver's frame: records the health pass and the copy of its result, or on the CPU
  // reference measures it now.
  void watch(VkCommandBuffer cmd, uint32_t slot, RecordedSolver& solver);
  // The report recorded in this slot, once its frame has finished; each is given once.
  std::optional<HealthReport> collect(uint32_t slot);

 private:
  Device& device_;
  std::vector<Buffer> readbacks_;
  std::vector<bool> recorded_;
  std::vector<std::optional<HealthReport>> measured_;
};

}  // namespace weft
