#include "engine/image.h"

#include <utility>

#include "engine/check.h"
#include "engine/device.h"

namespace weft {

Image::Image(const Device& device, const ImageDesc& desc, const std::string& name)
    : device_(device.handle()), desc_(desc) {
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = desc.format;
  info.extent = {desc.extent.width, desc.extent.height, 1};
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = desc.samples;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = desc.usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  try {
    VK_CHECK(vkCreateImage(device_, &info, nullptr, &image_));
    VkMemoryRequirements requirements;
    vkGetImageMemoryRequirements(device_, image_, &requirements);
    VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex =
        device.find_memory_type(requirements.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    VK_CHECK(vkAllocateMemory(device_, &allocate, nullptr, &memory_));
    VK_CHECK(vkBindImageMemory(device_, image_, memory_, 0));

    VkImageViewCreateInfo view_info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view_info.image = image_;
    view_info.viewType = VK_IMAGE_VIEW_TYPE_2D;
    view_info.format = desc.format;
    view_info.subresourceRange = {desc.aspect, 0, 1, 0, 1};
    VK_CHECK(vkCreateImageView(device_, &view_info, nullptr, &view_));
  } catch (const VulkanError& error) {
    release();
    throw VulkanError(std::string(error.what()) + " while creating image '" + name + "' of " +
                          std::to_string(desc.extent.width) + "x" +
                          std::to_string(desc.extent.height),
                      error.result());
  }
  device.set_name(VK_OBJECT_TYPE_IMAGE, image_, name);
  device.set_name(VK_OBJECT_TYPE_IMAGE_VIEW, view_, name + " view");
  device.set_name(VK_OBJECT_TYPE_DEVICE_MEMORY, memory_, name + " memory");
}

Image::Image(Image&& other) noexcept {
  *this = std::move(other);
}

Image& Image::operator=(Image&& other) noexcept {
  if (this != &other) {
    release();
    device_ = std::exchange(other.device_, VK_NULL_HANDLE);
    image_ = std::exchange(other.image_, VK_NULL_HANDLE);
    memory_ = std::exchange(other.memory_, VK_NULL_HANDLE);
    view_ = std::exchange(other.view_, VK_NULL_HANDLE);
    desc_ = std::exchange(other.desc_, {});
  }
  return *this;
}

Image::~Image() {
  release();
}

void Image::release() {
  if (view_) vkDestroyImageView(device_, view_, nullptr);
  if (image_) vkDestroyImage(device_, image_, nullptr);
  if (memory_) vkFreeMemory(device_, memory_, nullptr);
  view_ = VK_NULL_HANDLE;
  image_ = VK_NULL_HANDLE;
  memory_ = VK_NULL_HANDLE;
}

bool is_depth_format(VkFormat format) {
  switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT:
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT: return true;
    default: return false;
  }
}

bool is_srgb_format(VkFormat format) {
  switch (format) {
    case VK_FORMAT_R8G8B8A8_SRGB:
    case VK_FORMAT_B8G8R8A8_SRGB:
    case VK_FORMAT_A8B8G8R8_SRGB_PACK32:
    case VK_FORMAT_R8G8B8_SRGB:
    case VK_FORMAT_B8G8R8_SRGB: return true;
    default: return false;
  }
}

}  // namespace weft
