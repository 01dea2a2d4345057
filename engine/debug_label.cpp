#include "engine/debug_label.h"

#include "engine/device.h"
#include "engine/instance.h"

namespace weft {

void begin_label(const Device& device, VkCommandBuffer cmd, const std::string& name) {
  if (!device.instance().debug_utils_enabled()) return;
  VkDebugUtilsLabelEXT label{VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT};
  label.pLabelName = name.c_str();
  vkCmdBeginDebugUtilsLabelEXT(cmd, &label);
}

void end_label(const Device& device, VkCommandBuffer cmd) {
  if (device.instance().debug_utils_enabled()) vkCmdEndDebugUtilsLabelEXT(cmd);
}

}  // namespace weft
