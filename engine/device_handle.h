// A move-only owner of one Vulkan object created from a VkDevice (pipeline, layout, pool, ...).
// Buffers, images and whole devices have their own owners because they carry more than a handle.
#pragma once

#include <utility>

#include "engine/vulkan.h"

namespace weft {

template <typename Handle>
class DeviceHandle {
 public:
  using Destroy = void (*)(VkDevice, Handle, const VkAllocationCallbacks*);

  DeviceHandle() = default;
  DeviceHandle(VkDevice device, Handle handle, Destroy destroy)
      : device_(device), handle_(handle), destroy_(destroy) {}
  DeviceHandle(DeviceHandle&& other) noexcept { *this = std::move(other); }
  DeviceHandle& operator=(DeviceHandle&& other) noexcept {
    if (this != &other) {
      reset();
      device_ = std::exchange(other.device_, VK_NULL_HANDLE);
      handle_ = std::exchange(other.handle_, VK_NULL_HANDLE);
      destroy_ = std::exchange(other.destroy_, nullptr);
    }
    return *this;
  }
  DeviceHandle(const DeviceHandle&) = delete;
  DeviceHandle& operator=(const DeviceHandle&) = delete;
  ~DeviceHandle() { reset(); }

  Handle get() const { return handle_; }
  explicit operator bool() const { return handle_ != VK_NULL_HANDLE; }

  void reset() {
    if (handle_ != VK_NULL_HANDLE) destroy_(device_, handle_, nullptr);
    handle_ = VK_NULL_HANDLE;
  }

 private:
  VkDevice device_ = VK_NULL_HANDLE;
  Handle handle_ = VK_NULL_HANDLE;
  Destroy destroy_ = nullptr;
};

}  // namespace weft
