#include "engine/device.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "engine/check.h"
#include "engine/compute_pipeline_cache.h"
#include "engine/device_features.h"
#include "engine/instance.h"

namespace weft {

namespace {

int type_preference(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
    default: return 4;
  }
}

std::string lowercase(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string describe(const std::vector<PhysicalDeviceInfo>& devices) {
  std::string text;
  for (const PhysicalDeviceInfo& d : devices) {
    text += "\n  " + std::to_string(d.index) + ": " + d.properties.deviceName + " (" +
            device_type_name(d.properties.deviceType) + ")";
  }
  return text.empty() ? std::string("\n  (none)") : text;
}

bool has_device_extension(VkPhysicalDevice device, const std::string& name) {
  uint32_t count = 0;
  VK_CHECK(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr));
  std::vector<VkExtensionProperties> extensions(count);
  VK_CHECK(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, extensions.data()));
  return std::any_of(extensions.begin(), extensions.end(),
                     [&](const VkExtensionProperties& e) { return name == e.extensionName; });
}

}  // namespace

const char* device_type_name(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
    default: return "other";
  }
}

std::vector<PhysicalDeviceInfo> list_physical_devices(const Instance& instance) {
  uint32_t count = 0;
  VK_CHECK(vkEnumeratePhysicalDevices(instance.handle(), &count, nullptr));
  std::vector<VkPhysicalDevice> handles(count);
  VK_CHECK(vkEnumeratePhysicalDevices(instance.handle(), &count, handles.data()));
  std::vector<PhysicalDeviceInfo> devices;
  for (uint32_t i = 0; i < count; ++i) {
    PhysicalDeviceInfo info;
    info.handle = handles[i];
    info.index = i;
    vkGetPhysicalDeviceProperties(handles[i], &info.properties);
    devices.push_back(info);
  }
  return devices;
}

PhysicalDeviceInfo select_physical_device(const std::vector<PhysicalDeviceInfo>& devices,
                                          const std::string& selector) {
  if (devices.empty()) {
    throw std::runtime_error(
        "weft: no Vulkan device found; install a driver (on a machine without a GPU: "
        "apt-get install mesa-vulkan-drivers for lavapipe)");
  }
  if (selector.empty()) {
    return *std::min_element(devices.begin(), devices.end(), [](const auto& a, const auto& b) {
      return type_preference(a.properties.deviceType) < type_preference(b.properties.deviceType);
    });
  }
  const bool is_index = std::all_of(selector.begin(), selector.end(),
                                    [](unsigned char c) { return std::isdigit(c); });
  for (const PhysicalDeviceInfo& d : devices) {
    if (is_index
            ? std::to_string(d.index) == selector
            : lowercase(d.properties.deviceName).find(lowercase(selector)) != std::string::npos) {
      return d;
    }
  }
  throw std::runtime_error("weft: no Vulkan device matches '" + selector +
                           "' (give an index or part of a name); devices:" + describe(devices));
}

Device::Device(Instance& instance, const DeviceOptions& options) : instance_(instance) {
  std::string selector = options.selector;
  if (selector.empty()) {
    if (const char* env = std::getenv("WEFT_DEVICE")) selector = env;
  }
  const PhysicalDeviceInfo chosen =
      select_physical_device(list_physical_devices(instance), selector);
  physical_ = chosen.handle;
  properties_ = chosen.properties;
  VkPhysicalDeviceMaintenance3Properties maintenance3{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
  VkPhysicalDeviceProperties2 properties2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  properties2.pNext = &maintenance3;
  vkGetPhysicalDeviceProperties2(physical_, &properties2);
  max_allocation_size_ = maintenance3.maxMemoryAllocationSize;
  vkGetPhysicalDeviceMemoryProperties(physical_, &memory_);

  const RequiredFeatures features(physical_, properties_);

  uint32_t family_count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical_, &family_count, nullptr);
  std::vector<VkQueueFamilyProperties> families(family_count);
  vkGetPhysicalDeviceQueueFamilyProperties(physical_, &family_count, families.data());
  const VkQueueFlags needed = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
  bool found = false;
  for (uint32_t i = 0; i < family_count && !found; ++i) {
    if ((families[i].queueFlags & needed) != needed) continue;
    if (options.present_surface) {
      VkBool32 can_present = VK_FALSE;
      VK_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(physical_, i, options.present_surface,
                                                    &can_present));
      if (!can_present) continue;
    }
    queue_family_ = i;
    found = true;
    timestamp_valid_bits_ = families[i].timestampValidBits;
    if (timestamp_valid_bits_ > 0) timestamp_period_ns_ = properties_.limits.timestampPeriod;
  }
  if (!found) {
    throw std::runtime_error(std::string("weft: ") + properties_.deviceName +
                             " has no queue that does graphics and compute" +
                             (options.present_surface ? " and presents to the window" : ""));
  }

  std::vector<const char*> extensions = features.extensions();
  for (const std::string& e : options.extensions) {
    if (!has_device_extension(physical_, e)) {
      throw std::runtime_error(std::string("weft: ") + properties_.deviceName +
                               " lacks the device extension " + e);
    }
    extensions.push_back(e.c_str());
  }

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue_info.queueFamilyIndex = queue_family_;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;

  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = features.chain();
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queue_info;
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  VK_CHECK(vkCreateDevice(physical_, &info, nullptr, &device_));
  volkLoadDevice(device_);
  features.load_entry_points();
  vkGetDeviceQueue(device_, queue_family_, 0, &queue_);

  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool_info.queueFamilyIndex = queue_family_;
  VK_CHECK(vkCreateCommandPool(device_, &pool_info, nullptr, &command_pool_));
  set_name(VK_OBJECT_TYPE_QUEUE, queue_, "weft queue");
  set_name(VK_OBJECT_TYPE_COMMAND_POOL, command_pool_, "weft command pool");
}

Device::~Device() {
  if (device_) {
    vkDeviceWaitIdle(device_);  // teardown: nothing useful to do with an error here
    compute_pipelines_.reset();
    vkDestroyCommandPool(device_, command_pool_, nullptr);
    vkDestroyDevice(device_, nullptr);
  }
}

ComputePipelineCache& Device::compute_pipelines() const {
  if (!compute_pipelines_) compute_pipelines_ = std::make_unique<ComputePipelineCache>(*this);
  return *compute_pipelines_;
}

VkDeviceSize Device::device_local_heap_size() const {
  VkDeviceSize largest = 0;
  for (uint32_t i = 0; i < memory_.memoryHeapCount; ++i) {
    if (memory_.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) {
      largest = std::max(largest, memory_.memoryHeaps[i].size);
    }
  }
  return largest;
}

uint32_t Device::find_memory_type(uint32_t type_bits, VkMemoryPropertyFlags required,
                                  VkMemoryPropertyFlags preferred) const {
  for (VkMemoryPropertyFlags wanted : {required | preferred, required}) {
    for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i) {
      if ((type_bits & (1u << i)) && (memory_.memoryTypes[i].propertyFlags & wanted) == wanted) {
        return i;
      }
    }
  }
  throw std::runtime_error("weft: " + name() + " has no memory type with the properties 0x" +
                           std::to_string(required) + " for this resource");
}

VkCommandBuffer Device::allocate_command_buffer() const {
  VkCommandBufferAllocateInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  info.commandPool = command_pool_;
  info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  info.commandBufferCount = 1;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VK_CHECK(vkAllocateCommandBuffers(device_, &info, &cmd));
  return cmd;
}

void Device::submit_and_wait(const std::function<void(VkCommandBuffer)>& record) const {
  VkCommandBuffer cmd = allocate_command_buffer();
  struct Release {
    const Device* device;
    VkCommandBuffer cmd;
    ~Release() { vkFreeCommandBuffers(device->device_, device->command_pool_, 1, &cmd); }
  } release{this, cmd};

  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
  set_name(VK_OBJECT_TYPE_COMMAND_BUFFER, cmd, "one-shot commands");
  record(cmd);
  VK_CHECK(vkEndCommandBuffer(cmd));

  VkCommandBufferSubmitInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
  cmd_info.commandBuffer = cmd;
  VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &cmd_info;
  VK_CHECK(vkQueueSubmit2(queue_, 1, &submit, VK_NULL_HANDLE));
  VK_CHECK(vkQueueWaitIdle(queue_));
}

void Device::wait_idle() const {
  VK_CHECK(vkDeviceWaitIdle(device_));
}

void Device::set_name(VkObjectType type, uint64_t handle, const std::string& name) const {
  if (!instance_.debug_utils_enabled() || handle == 0) return;
  VkDebugUtilsObjectNameInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT};
  info.objectType = type;
  info.objectHandle = handle;
  info.pObjectName = name.c_str();
  VK_CHECK(vkSetDebugUtilsObjectNameEXT(device_, &info));
}

}  // namespace weft
