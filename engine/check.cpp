#include "engine/check.h"

#include <string_view>

namespace weft {

std::string vk_result_name(VkResult result) {
  switch (result) {
#define WEFT_RESULT_NAME(r) \
  case r: return #r;
    WEFT_RESULT_NAME(VK_SUCCESS)
    WEFT_RESULT_NAME(VK_NOT_READY)
    WEFT_RESULT_NAME(VK_TIMEOUT)
    WEFT_RESULT_NAME(VK_EVENT_SET)
    WEFT_RESULT_NAME(VK_EVENT_RESET)
    WEFT_RESULT_NAME(VK_INCOMPLETE)
    WEFT_RESULT_NAME(VK_ERROR_OUT_OF_HOST_MEMORY)
    WEFT_RESULT_NAME(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    WEFT_RESULT_NAME(VK_ERROR_INITIALIZATION_FAILED)
    WEFT_RESULT_NAME(VK_ERROR_DEVICE_LOST)
    WEFT_RESULT_NAME(VK_ERROR_MEMORY_MAP_FAILED)
    WEFT_RESULT_NAME(VK_ERROR_LAYER_NOT_PRESENT)
    WEFT_RESULT_NAME(VK_ERROR_EXTENSION_NOT_PRESENT)
    WEFT_RESULT_NAME(VK_ERROR_FEATURE_NOT_PRESENT)
    WEFT_RESULT_NAME(VK_ERROR_INCOMPATIBLE_DRIVER)
    WEFT_RESULT_NAME(VK_ERROR_TOO_MANY_OBJECTS)
    WEFT_RESULT_NAME(VK_ERROR_FORMAT_NOT_SUPPORTED)
    WEFT_RESULT_NAME(VK_ERROR_FRAGMENTED_POOL)
    WEFT_RESULT_NAME(VK_ERROR_UNKNOWN)
    WEFT_RESULT_NAME(VK_ERROR_OUT_OF_POOL_MEMORY)
    WEFT_RESULT_NAME(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    WEFT_RESULT_NAME(VK_ERROR_FRAGMENTATION)
    WEFT_RESULT_NAME(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
    WEFT_RESULT_NAME(VK_PIPELINE_COMPILE_REQUIRED)
    WEFT_RESULT_NAME(VK_ERROR_SURFACE_LOST_KHR)
    WEFT_RESULT_NAME(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
    WEFT_RESULT_NAME(VK_SUBOPTIMAL_KHR)
    WEFT_RESULT_NAME(VK_ERROR_OUT_OF_DATE_KHR)
    WEFT_RESULT_NAME(VK_ERROR_INCOMPATIBLE_DISPLAY_KHR)
    WEFT_RESULT_NAME(VK_ERROR_VALIDATION_FAILED_EXT)
#undef WEFT_RESULT_NAME
    default: return "VkResult(" + std::to_string(static_cast<int>(result)) + ")";
  }
}

void check_vk(VkResult result, const char* call_expression, const char* file, int line) {
  if (result == VK_SUCCESS) return;
  std::string_view call(call_expression);
  call = call.substr(0, call.find('('));
  throw VulkanError(std::string(call) + " failed: " + vk_result_name(result) + " (" + file + ":" +
                        std::to_string(line) + ")",
                    result);
}

VkResult check_vk_swapchain(VkResult result, const char* call_expression, const char* file,
                            int line) {
  if (result == VK_SUBOPTIMAL_KHR || result == VK_ERROR_OUT_OF_DATE_KHR) return result;
  check_vk(result, call_expression, file, line);
  return result;
}

}  // namespace weft
