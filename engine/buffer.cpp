#include "engine/buffer.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "engine/barriers.h"
#include "engine/check.h"
#include "engine/device.h"

namespace weft {

Buffer::Buffer(const Device& device, VkDeviceSize size, VkBufferUsageFlags usage, MemoryKind kind,
               const std::string& name)
    : device_(device.handle()), size_(std::max<VkDeviceSize>(size, 16)) {
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size_;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VK_CHECK(vkCreateBuffer(device_, &info, nullptr, &buffer_));

  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device_, buffer_, &requirements);
  VkMemoryPropertyFlags required = 0;
  VkMemoryPropertyFlags preferred = 0;
  switch (kind) {
    case MemoryKind::device_local: required = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT; break;
    case MemoryKind::upload:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      break;
    case MemoryKind::readback:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      preferred = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
      break;
  }
  VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  allocate.allocationSize = requirements.size;
  try {
    allocate.memoryTypeIndex =
        device.find_memory_type(requirements.memoryTypeBits, required, preferred);
    VK_CHECK(vkAllocateMemory(device_, &allocate, nullptr, &memory_));
    VK_CHECK(vkBindBufferMemory(device_, buffer_, memory_, 0));
    if (kind != MemoryKind::device_local) {
      VK_CHECK(vkMapMemory(device_, memory_, 0, VK_WHOLE_SIZE, 0, &mapped_));
    }
  } catch (const VulkanError& error) {
    release();
    throw VulkanError(std::string(error.what()) + " while allocating buffer '" + name + "' of " +
                          std::to_string(size_) + " bytes",
                      error.result());
  }
  device.set_name(VK_OBJECT_TYPE_BUFFER, buffer_, name);
  device.set_name(VK_OBJECT_TYPE_DEVICE_MEMORY, memory_, name + " memory");
}

Buffer::Buffer(Buffer&& other) noexcept {
  *this = std::move(other);
}

Buffer& Buffer::operator=(Buffer&& other) noexcept {
  if (this != &other) {
    release();
    device_ = std::exchange(other.device_, VK_NULL_HANDLE);
    buffer_ = std::exchange(other.buffer_, VK_NULL_HANDLE);
    memory_ = std::exchange(other.memory_, VK_NULL_HANDLE);
    size_ = std::exchange(other.size_, 0);
    mapped_ = std::exchange(other.mapped_, nullptr);
  }
  return *this;
}

Buffer::~Buffer() {
  release();
}

void Buffer::release() {
  if (mapped_) vkUnmapMemory(device_, memory_);
  if (buffer_) vkDestroyBuffer(device_, buffer_, nullptr);
  if (memory_) vkFreeMemory(device_, memory_, nullptr);
  buffer_ = VK_NULL_HANDLE;
  memory_ = VK_NULL_HANDLE;
  mapped_ = nullptr;
}

void Buffer::invalidate_mapped_range() const {
  if (!mapped_) return;
  VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  range.memory = memory_;
  range.size = VK_WHOLE_SIZE;
  VK_CHECK(vkInvalidateMappedMemoryRanges(device_, 1, &range));
}

void upload_to_buffer(const Device& device, const Buffer& destination, const void* data,
                      size_t bytes, VkDeviceSize offset) {
  if (bytes == 0) return;
  Buffer staging(device, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, MemoryKind::upload,
                 "upload staging");
  std::memcpy(staging.mapped(), data, bytes);
  device.submit_and_wait([&](VkCommandBuffer cmd) {
    // Earlier work on this queue may still read or write the destination.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                   VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    VkBufferCopy region{0, offset, bytes};
    vkCmdCopyBuffer(cmd, staging.handle(), destination.handle(), 1, &region);
    // Whatever runs next on this queue (any later submission) sees the new contents.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                   VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
  });
}

void download_from_buffer(const Device& device, const Buffer& source, void* data, size_t bytes,
                          VkDeviceSize offset) {
  if (bytes == 0) return;
  Buffer staging(device, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryKind::readback,
                 "readback staging");
  device.submit_and_wait([&](VkCommandBuffer cmd) {
    // Wait for whatever wrote the source earlier on this queue.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    VkBufferCopy region{offset, 0, bytes};
    vkCmdCopyBuffer(cmd, source.handle(), staging.handle(), 1, &region);
    // Make the copy's writes available to the host before the queue wait returns.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
  });
  staging.invalidate_mapped_range();
  std::memcpy(data, staging.mapped(), bytes);
}

}  // namespace weft
