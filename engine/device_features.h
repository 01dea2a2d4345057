// The Vulkan 1.3 features weft relies on (synchronization2, dynamic rendering, maintenance4), on
// a 1.3 device or on a 1.2 device through their KHR extensions. The second case is not
// hypothetical: RenderDoc 1.24 (Debian 12) reports every device as Vulkan 1.2 while it hooks the
// process, with the three features as extensions, so without this weft could not be captured.
#pragma once

#include <string>
#include <vector>

#include "engine/vulkan.h"

namespace weft {

class RequiredFeatures {
 public:
  // Throws naming the device and what it lacks when neither path is open.
  RequiredFeatures(VkPhysicalDevice physical, const VkPhysicalDeviceProperties& properties);
  RequiredFeatures(const RequiredFeatures&) = delete;
  RequiredFeatures& operator=(const RequiredFeatures&) = delete;

  // The pNext chain for VkDeviceCreateInfo (points into this object: keep it alive until then).
  const void* chain() const { return &features2_; }
  // Extensions to enable on top of the caller's (empty on a 1.3 device).
  const std::vector<const char*>& extensions() const { return extensions_; }

  // After volkLoadDevice: on a 1.2 device the core 1.3 entry points are null, so point them at
  // their KHR twins, which have the same signatures and meaning.
  void load_entry_points() const;

 private:
  bool core13_ = false;
  std::vector<const char*> extensions_;
  VkPhysicalDeviceFeatures2 features2_{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan13Features features13_{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceSynchronization2Features synchronization2_{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES};
  VkPhysicalDeviceDynamicRenderingFeatures dynamic_rendering_{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES};
  VkPhysicalDeviceMaintenance4Features maintenance4_{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES};
};

}  // namespace weft
