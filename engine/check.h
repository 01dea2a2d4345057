// Always-on checks of Vulkan results. A failure throws VulkanError naming the call, the VkResult
// and where it happened, e.g. "vkCreateBuffer failed: VK_ERROR_OUT_OF_DEVICE_MEMORY
// (engine/buffer.cpp:41)".
#pragma once

#include <stdexcept>
#include <string>

#include "engine/vulkan.h"

namespace weft {

class VulkanError : public std::runtime_error {
 public:
  VulkanError(const std::string& message, VkResult result)
      : std::runtime_error(message), result_(result) {}
  VkResult result() const { return result_; }

 private:
  VkResult result_;
};

// "VK_ERROR_DEVICE_LOST" for VK_ERROR_DEVICE_LOST; "VkResult(-1234)" for codes it does not know.
std::string vk_result_name(VkResult result);

// Throws unless result is VK_SUCCESS. call_expression is the source text of the call; its function
// name (the text before the first '(') goes into the message.
void check_vk(VkResult result, const char* call_expression, const char* file, int line);

// For swapchain calls, where VK_SUBOPTIMAL_KHR and VK_ERROR_OUT_OF_DATE_KHR are expected (the
// window was resized) and returned for the caller to act on; any other failure throws as above.
VkResult check_vk_swapchain(VkResult result, const char* call_expression, const char* file,
                            int line);

}  // namespace weft

#define VK_CHECK(call) ::weft::check_vk((call), #call, __FILE__, __LINE__)
#define VK_CHECK_SWAPCHAIN(call) ::weft::check_vk_swapchain((call), #call, __FILE__, __LINE__)
