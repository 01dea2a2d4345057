// A ring of command buffers, each with a fence, for work submitted frame after frame: recording
// frame k waits only for frame k - size to finish, so the CPU records while the GPU runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/device_handle.h"

namespace weft {

class Device;

class CommandRing {
 public:
  CommandRing(const Device& device, uint32_t size, const std::string& name);
  ~CommandRing();
  CommandRing(const CommandRing&) = delete;
  CommandRing& operator=(const CommandRing&) = delete;

  // Waits until the next slot's previous submission is done, then begins its command buffer.
  VkCommandBuffer begin();
  // Ends and submits the command buffer from begin(); the optional semaphores let a swapchain
  // frame wait for an acquired image and signal the presentation.
  void submit(VkSemaphore wait = VK_NULL_HANDLE,
              VkPipelineStageFlags2 wait_stage = VK_PIPELINE_STAGE_2_NONE,
              VkSemaphore signal = VK_NULL_HANDLE);
  // Waits for every submission of this ring.
  void wait_all();
  // The slot begin() last returned, to index per-slot resources (timestamp pools, readbacks).
  uint32_t current_slot() const { return current_; }
  uint32_t size() const { return static_cast<uint32_t>(commands_.size()); }
  // Whether the slot has been submitted at least once (its results, if any, exist).
  bool slot_used(uint32_t slot) const { return used_[slot]; }

 private:
  const Device& device_;
  std::string name_;
  std::vector<VkCommandBuffer> commands_;
  std::vector<DeviceHandle<VkFence>> fences_;
  std::vector<bool> used_;
  uint32_t current_ = 0;
  uint32_t next_ = 0;
  bool recording_ = false;
};

}  // namespace weft
