// Debug-utils labels around regions of a command buffer: RenderDoc's event browser and the
// validation layer's messages show them ("force accumulation", "substep 3"). No-ops without
// VK_EXT_debug_utils.
#pragma once

#include <string>

#include "engine/vulkan.h"

namespace weft {

class Device;

void begin_label(const Device& device, VkCommandBuffer cmd, const std::string& name);
void end_label(const Device& device, VkCommandBuffer cmd);

// begin_label now, end_label when the scope ends.
class DebugLabel {
 public:
  DebugLabel(const Device& device, VkCommandBuffer cmd, const std::string& name)
      : device_(device), cmd_(cmd) {
    begin_label(device_, cmd_, name);
  }
  ~DebugLabel() { end_label(device_, cmd_); }
  DebugLabel(const DebugLabel&) = delete;
  DebugLabel& operator=(const DebugLabel&) = delete;

 private:
  const Device& device_;
  VkCommandBuffer cmd_;
};

}  // namespace weft
