#include "engine/image_readback.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/barriers.h"
#include "engine/device.h"

namespace weft {

namespace {

bool is_bgra(VkFormat format) {
  return format == VK_FORMAT_B8G8R8A8_UNORM || format == VK_FORMAT_B8G8R8A8_SRGB;
}

}  // namespace

uint32_t readback_bytes_per_pixel(VkFormat format) {
  switch (format) {
    case VK_FORMAT_R8G8B8A8_UNORM:
    case VK_FORMAT_R8G8B8A8_SRGB:
    case VK_FORMAT_B8G8R8A8_UNORM:
    case VK_FORMAT_B8G8R8A8_SRGB: return 4;
    default:
      throw std::runtime_error("weft: cannot read back images of format " +
                               std::to_string(static_cast<int>(format)) +
                               " (only 8-bit RGBA or BGRA)");
  }
}

Buffer make_readback_buffer(const Device& device, VkExtent2D extent, VkFormat format,
                            const std::string& name) {
  const VkDeviceSize bytes =
      VkDeviceSize{extent.width} * extent.height * readback_bytes_per_pixel(format);
  return Buffer(device, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryKind::readback, name);
}

void record_image_to_buffer(VkCommandBuffer cmd, VkImage image, VkExtent2D extent,
                            const Buffer& buffer) {
  VkBufferImageCopy region{};
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {extent.width, extent.height, 1};
  vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer.handle(), 1,
                         &region);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
}

std::vector<uint8_t> rgba_pixels(const Buffer& buffer, VkExtent2D extent, VkFormat format) {
  const size_t bytes = size_t{extent.width} * extent.height * readback_bytes_per_pixel(format);
  if (bytes > buffer.size() || !buffer.mapped()) {
    throw std::logic_error("rgba_pixels: the buffer is not a readback of this image");
  }
  buffer.invalidate_mapped_range();
  std::vector<uint8_t> pixels(bytes);
  std::memcpy(pixels.data(), buffer.mapped(), bytes);
  if (is_bgra(format)) {
    for (size_t i = 0; i < bytes; i += 4)
      std::swap(pixels[i], pixels[i + 2]);
  }
  return pixels;
}

}  // namespace weft
