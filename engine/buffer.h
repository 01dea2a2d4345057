// A move-only VkBuffer with its own memory allocation. weft owns a handful of large buffers, so
// one allocation each stays far below maxMemoryAllocationCount and keeps ownership obvious.
#pragma once

#include <cstddef>
#include <string>

#include "engine/vulkan.h"

namespace weft {

class Device;

enum class MemoryKind {
  device_local,  // fastest for the GPU; filled and read through staging copies
  upload,        // host-visible and coherent, mapped: the CPU writes, the GPU reads
  readback,      // host-visible, preferably cached, mapped: the GPU writes, the CPU reads
};

class Buffer {
 public:
  Buffer() = default;
  // A zero size is rounded up to 16 bytes: Vulkan forbids empty buffers, and an unused binding
  // (a cloth without constraints, say) still needs something to point at.
  Buffer(const Device& device, VkDeviceSize size, VkBufferUsageFlags usage, MemoryKind kind,
         const std::string& name);
  Buffer(Buffer&& other) noexcept;
  Buffer& operator=(Buffer&& other) noexcept;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer();

  VkBuffer handle() const { return buffer_; }
  VkDeviceSize size() const { return size_; }
  // Host address of upload and readback buffers; nullptr for device-local ones.
  void* mapped() const { return mapped_; }
  // For readback buffers: makes GPU writes visible to the host (needed where memory is not
  // coherent).
  void invalidate_mapped_range() const;

 private:
  void release();

  VkDevice device_ = VK_NULL_HANDLE;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkDeviceSize size_ = 0;
  void* mapped_ = nullptr;
};

// Copies bytes into a device-local buffer through a staging buffer, and waits.
void upload_to_buffer(const Device& device, const Buffer& destination, const void* data,
                      size_t bytes, VkDeviceSize offset = 0);
// Copies bytes out of a device buffer through a staging buffer, and waits.
void download_from_buffer(const Device& device, const Buffer& source, void* data, size_t bytes,
                          VkDeviceSize offset = 0);

}  // namespace weft
