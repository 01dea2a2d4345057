// The logical device weft runs on: which physical device (a discrete GPU unless told otherwise),
// one queue that does graphics, compute and transfer, a command pool, and one-shot submissions.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/vulkan.h"

namespace weft {

class ComputePipelineCache;
class Instance;

struct DeviceOptions {
  // Which physical device: empty picks the best (discrete > integrated > virtual > CPU); a number
  // is an index into list_physical_devices(); anything else must be part of the device's name
  // (case-insensitive). Empty falls back to the WEFT_DEVICE environment variable.
  std::string selector;
  // Device extensions a caller needs (VK_KHR_swapchain for the viewer).
  std::vector<std::string> extensions;
  // Also require the queue to present to this surface (the viewer's window).
  VkSurfaceKHR present_surface = VK_NULL_HANDLE;
};

struct PhysicalDeviceInfo {
  VkPhysicalDevice handle = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  uint32_t index = 0;
};

std::vector<PhysicalDeviceInfo> list_physical_devices(const Instance& instance);
const char* device_type_name(VkPhysicalDeviceType type);

// Picks per DeviceOptions::selector; throws with the list of devices when nothing matches.
PhysicalDeviceInfo select_physical_device(const std::vector<PhysicalDeviceInfo>& devices,
                                          const std::string& selector);

class Device {
 public:
  Device(Instance& instance, const DeviceOptions& options);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  VkDevice handle() const { return device_; }
  VkPhysicalDevice physical() const { return physical_; }
  VkQueue queue() const { return queue_; }
  uint32_t queue_family() const { return queue_family_; }
  Instance& instance() const { return instance_; }
  const VkPhysicalDeviceProperties& properties() const { return properties_; }
  const VkPhysicalDeviceLimits& limits() const { return properties_.limits; }
  std::string name() const { return properties_.deviceName; }
  // Size of the largest device-local memory heap, bytes.
  VkDeviceSize device_local_heap_size() const;
  // The largest single allocation the driver accepts (maxMemoryAllocationSize), bytes.
  VkDeviceSize max_allocation_size() const { return max_allocation_size_; }
  // Nanoseconds per timestamp tick; 0 when the queue cannot write timestamps.
  double timestamp_period_ns() const { return timestamp_period_ns_; }
  uint32_t timestamp_valid_bits() const { return timestamp_valid_bits_; }

  uint32_t find_memory_type(uint32_t type_bits, VkMemoryPropertyFlags required,
                            VkMemoryPropertyFlags preferred = 0) const;

  VkCommandPool command_pool() const { return command_pool_; }
  VkCommandBuffer allocate_command_buffer() const;
  // Records with `record`, submits, and waits for the queue to finish it.
  void submit_and_wait(const std::function<void(VkCommandBuffer)>& record) const;
  void wait_idle() const;

  // The compute pipelines of this device, made once and shared (compute_pipeline_cache.h).
  ComputePipelineCache& compute_pipelines() const;

  // Debug-utils names for RenderDoc and validation messages; no-ops without VK_EXT_debug_utils.
  void set_name(VkObjectType type, uint64_t handle, const std::string& name) const;
  template <typename Handle>
  void set_name(VkObjectType type, Handle handle, const std::string& name) const {
    set_name(type, reinterpret_cast<uint64_t>(handle), name);
  }

 private:
  Instance& instance_;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties_{};
  VkPhysicalDeviceMemoryProperties memory_{};
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  uint32_t queue_family_ = 0;
  VkCommandPool command_pool_ = VK_NULL_HANDLE;
  double timestamp_period_ns_ = 0.0;
  uint32_t timestamp_valid_bits_ = 0;
  VkDeviceSize max_allocation_size_ = 0;
  mutable std::unique_ptr<ComputePipelineCache> compute_pipelines_;
};

}  // namespace weft
