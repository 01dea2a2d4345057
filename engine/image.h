// A move-only 2D VkImage with its own memory and one view of the whole image: the attachments
// of the graphics pass (multisampled colour, depth, the resolved image a screenshot reads).
#pragma once

#include <string>

#include "engine/vulkan.h"

namespace weft {

class Device;

struct ImageDesc {
  VkExtent2D extent{};
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkImageUsageFlags usage = 0;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;  // of the view
};

class Image {
 public:
  Image() = default;
  // Device-local; throws VulkanError naming the image when it cannot be created.
  Image(const Device& device, const ImageDesc& desc, const std::string& name);
  Image(Image&& other) noexcept;
  Image& operator=(Image&& other) noexcept;
  Image(const Image&) = delete;
  Image& operator=(const Image&) = delete;
  ~Image();

  VkImage handle() const { return image_; }
  VkImageView view() const { return view_; }
  const ImageDesc& desc() const { return desc_; }
  VkExtent2D extent() const { return desc_.extent; }

 private:
  void release();

  VkDevice device_ = VK_NULL_HANDLE;
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkImageView view_ = VK_NULL_HANDLE;
  ImageDesc desc_;
};

// Whether a format has a depth (or depth-stencil) aspect.
bool is_depth_format(VkFormat format);
// Whether writes to a format are sRGB-encoded by the hardware (the *_SRGB formats).
bool is_srgb_format(VkFormat format);

}  // namespace weft
