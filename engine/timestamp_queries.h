// A ring of timestamp query pools, one per frame slot. A frame writes its timestamps into its
// slot's pool; they are read back without waiting once the GPU has finished that frame (when the
// slot comes round again), so timing never stalls the frame loop.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/device_handle.h"

namespace weft {

class Device;

class TimestampQueries {
 public:
  TimestampQueries(const Device& device, uint32_t slots, uint32_t capacity_per_slot,
                   const std::string& name);

  // False when the device's queue has no timestamp support: writes are then ignored.
  bool supported() const { return period_ns_ > 0.0; }
  uint32_t slots() const { return static_cast<uint32_t>(pools_.size()); }

  // Records the reset of the slot's pool; call first in the frame's command buffer.
  void reset(VkCommandBuffer cmd, uint32_t slot);
  // Records a timestamp taken once all earlier commands have passed `stage`; returns its index.
  // Throws when the slot's capacity is used up.
  uint32_t write(VkCommandBuffer cmd, uint32_t slot, VkPipelineStageFlags2 stage);
  uint32_t count(uint32_t slot) const { return counts_[slot]; }

  // The slot's timestamps in nanoseconds since the first one, or nothing if the GPU has not
  // written them all yet (never waits).
  std::optional<std::vector<double>> read_ns(uint32_t slot) const;

 private:
  VkDevice device_;
  std::vector<DeviceHandle<VkQueryPool>> pools_;
  std::vector<uint32_t> counts_;
  uint32_t capacity_;
  double period_ns_;
  uint64_t valid_mask_;
};

}  // namespace weft
