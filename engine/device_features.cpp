#include "engine/device_features.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "engine/check.h"

namespace weft {

namespace {

std::vector<std::string> device_extensions(VkPhysicalDevice physical) {
  uint32_t count = 0;
  VK_CHECK(vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, nullptr));
  std::vector<VkExtensionProperties> properties(count);
  VK_CHECK(vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, properties.data()));
  std::vector<std::string> names;
  for (const VkExtensionProperties& p : properties)
    names.emplace_back(p.extensionName);
  return names;
}

std::string version_text(uint32_t version) {
  return std::to_string(VK_API_VERSION_MAJOR(version)) + "." +
         std::to_string(VK_API_VERSION_MINOR(version));
}

}  // namespace

RequiredFeatures::RequiredFeatures(VkPhysicalDevice physical,
                                   const VkPhysicalDeviceProperties& properties) {
  core13_ = properties.apiVersion >= VK_API_VERSION_1_3;
  if (core13_) {
    features13_.synchronization2 = VK_TRUE;
    features13_.dynamicRendering = VK_TRUE;
    // glslc's SPIR-V 1.6 declares workgroup sizes with LocalSizeId, which needs maintenance4.
    features13_.maintenance4 = VK_TRUE;
    features2_.pNext = &features13_;
    return;
  }
  const std::vector<std::string> available = device_extensions(physical);
  auto has = [&](const char* name) {
    return std::find(available.begin(), available.end(), name) != available.end();
  };
  const char* needed[] = {VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME,
                          VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME,
                          VK_KHR_MAINTENANCE_4_EXTENSION_NAME};
  std::string missing;
  for (const char* name : needed) {
    if (!has(name)) missing += std::string(missing.empty() ? "" : ", ") + name;
  }
  if (properties.apiVersion < VK_API_VERSION_1_2 || !missing.empty()) {
    throw std::runtime_error(
        std::string("weft: ") + properties.deviceName + " supports Vulkan " +
        version_text(properties.apiVersion) +
        "; weft needs 1.3, or 1.2 with VK_KHR_synchronization2, VK_KHR_dynamic_rendering and "
        "VK_KHR_maintenance4" +
        (missing.empty() ? std::string() : " (missing: " + missing + ")"));
  }
  extensions_.assign(std::begin(needed), std::end(needed));
  synchronization2_.synchronization2 = VK_TRUE;
  dynamic_rendering_.dynamicRendering = VK_TRUE;
  maintenance4_.maintenance4 = VK_TRUE;
  features2_.pNext = &synchronization2_;
  synchronization2_.pNext = &dynamic_rendering_;
  dynamic_rendering_.pNext = &maintenance4_;
}

void RequiredFeatures::load_entry_points() const {
  if (core13_) return;
  vkCmdPipelineBarrier2 = vkCmdPipelineBarrier2KHR;
  vkCmdWriteTimestamp2 = vkCmdWriteTimestamp2KHR;
  vkQueueSubmit2 = vkQueueSubmit2KHR;
  vkCmdSetEvent2 = vkCmdSetEvent2KHR;
  vkCmdResetEvent2 = vkCmdResetEvent2KHR;
  vkCmdWaitEvents2 = vkCmdWaitEvents2KHR;
  vkCmdBeginRendering = vkCmdBeginRenderingKHR;
  vkCmdEndRendering = vkCmdEndRenderingKHR;
  vkGetDeviceBufferMemoryRequirements = vkGetDeviceBufferMemoryRequirementsKHR;
  vkGetDeviceImageMemoryRequirements = vkGetDeviceImageMemoryRequirementsKHR;
  vkGetDeviceImageSparseMemoryRequirements = vkGetDeviceImageSparseMemoryRequirementsKHR;
}

}  // namespace weft
