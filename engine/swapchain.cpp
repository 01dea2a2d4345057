#include "engine/swapchain.h"

#include <algorithm>
#include <string>

#include "engine/check.h"
#include "engine/device.h"

namespace weft {

namespace {

// An 8-bit UNORM format in the sRGB colour space: weft's shaders encode their colours
// themselves (lavapipe resolves sRGB attachments far slower than UNORM ones), and Dear ImGui's
// colours are meant for such a target. Then an sRGB format; the first one offered otherwise.
VkSurfaceFormatKHR choose_format(VkPhysicalDevice physical, VkSurfaceKHR surface) {
  uint32_t count = 0;
  VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, nullptr));
  std::vector<VkSurfaceFormatKHR> formats(count);
  VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, formats.data()));
  if (formats.empty()) throw std::runtime_error("weft: the window's surface offers no format");
  for (VkFormat wanted : {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM,
                          VK_FORMAT_B8G8R8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB}) {
    for (const VkSurfaceFormatKHR& f : formats) {
      if (f.format == wanted && f.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) return f;
    }
  }
  return formats[0];
}

}  // namespace

DeviceHandle<VkSemaphore> create_semaphore(const Device& device, const std::string& name) {
  VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  VkSemaphore semaphore = VK_NULL_HANDLE;
  VK_CHECK(vkCreateSemaphore(device.handle(), &info, nullptr, &semaphore));
  device.set_name(VK_OBJECT_TYPE_SEMAPHORE, semaphore, name);
  return {device.handle(), semaphore, vkDestroySemaphore};
}

Swapchain::Swapchain(const Device& device, VkSurfaceKHR surface, bool vsync)
    : device_(device), surface_(surface), vsync_(vsync) {
  format_ = choose_format(device.physical(), surface);
}

Swapchain::~Swapchain() {
  if (swapchain_) {
    vkDeviceWaitIdle(device_.handle());  // teardown: presentation may still use the images
    views_.clear();
    render_finished_.clear();
    vkDestroySwapchainKHR(device_.handle(), swapchain_, nullptr);
  }
}

VkPresentModeKHR Swapchain::choose_present_mode() const {
  if (vsync_) return VK_PRESENT_MODE_FIFO_KHR;  // always available
  uint32_t count = 0;
  VK_CHECK(
      vkGetPhysicalDeviceSurfacePresentModesKHR(device_.physical(), surface_, &count, nullptr));
  std::vector<VkPresentModeKHR> modes(count);
  VK_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(device_.physical(), surface_, &count,
                                                     modes.data()));
  for (VkPresentModeKHR wanted : {VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR}) {
    if (std::find(modes.begin(), modes.end(), wanted) != modes.end()) return wanted;
  }
  return VK_PRESENT_MODE_FIFO_KHR;
}

void Swapchain::set_vsync(bool vsync) {
  if (vsync != vsync_) stale_ = true;
  vsync_ = vsync;
}

bool Swapchain::recreate(VkExtent2D framebuffer_size) {
  VkSurfaceCapabilitiesKHR caps;
  VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(device_.physical(), surface_, &caps));
  // Where the surface decides the size (currentExtent set), it wins; else the framebuffer's.
  VkExtent2D extent = caps.currentExtent;
  if (extent.width == UINT32_MAX) {
    extent.width =
        std::clamp(framebuffer_size.width, caps.minImageExtent.width, caps.maxImageExtent.width);
    extent.height =
        std::clamp(framebuffer_size.height, caps.minImageExtent.height, caps.maxImageExtent.height);
  }
  if (extent.width == 0 || extent.height == 0 || framebuffer_size.width == 0 ||
      framebuffer_size.height == 0) {
    return false;
  }
  VK_CHECK(vkDeviceWaitIdle(device_.handle()));

  present_mode_ = choose_present_mode();
  uint32_t image_count = caps.minImageCount + 1;  // one to draw while the others are shown
  if (caps.maxImageCount != 0) image_count = std::min(image_count, caps.maxImageCount);
  const VkImageUsageFlags wanted_usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                         VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                         VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  can_read_back_ = (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) != 0;
  can_blit_to_ = (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT) != 0;

  VkSwapchainCreateInfoKHR info{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
  info.surface = surface_;
  info.minImageCount = image_count;
  info.imageFormat = format_.format;
  info.imageColorSpace = format_.colorSpace;
  info.imageExtent = extent;
  info.imageArrayLayers = 1;
  info.imageUsage = wanted_usage & caps.supportedUsageFlags;
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = caps.currentTransform;
  info.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
  if (!(caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)) {
    info.compositeAlpha = VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR;
  }
  info.presentMode = present_mode_;
  info.clipped = VK_TRUE;
  info.oldSwapchain = swapchain_;
  VkSwapchainKHR created = VK_NULL_HANDLE;
  VK_CHECK(vkCreateSwapchainKHR(device_.handle(), &info, nullptr, &created));
  views_.clear();
  render_finished_.clear();
  if (swapchain_) vkDestroySwapchainKHR(device_.handle(), swapchain_, nullptr);
  swapchain_ = created;
  extent_ = extent;
  device_.set_name(VK_OBJECT_TYPE_SWAPCHAIN_KHR, swapchain_, "window swapchain");

  uint32_t count = 0;
  VK_CHECK(vkGetSwapchainImagesKHR(device_.handle(), swapchain_, &count, nullptr));
  images_.resize(count);
  VK_CHECK(vkGetSwapchainImagesKHR(device_.handle(), swapchain_, &count, images_.data()));
  for (uint32_t i = 0; i < count; ++i) {
    const std::string name = "swapchain image " + std::to_string(i);
    device_.set_name(VK_OBJECT_TYPE_IMAGE, images_[i], name);
    VkImageViewCreateInfo view_info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view_info.image = images_[i];
    view_info.viewType = VK_IMAGE_VIEW_TYPE_2D;
    view_info.format = format_.format;
    view_info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageView view = VK_NULL_HANDLE;
    VK_CHECK(vkCreateImageView(device_.handle(), &view_info, nullptr, &view));
    device_.set_name(VK_OBJECT_TYPE_IMAGE_VIEW, view, name + " view");
    views_.emplace_back(device_.handle(), view, vkDestroyImageView);
    render_finished_.push_back(create_semaphore(device_, name + " rendering finished"));
  }
  stale_ = false;
  return true;
}

std::optional<uint32_t> Swapchain::acquire(VkSemaphore acquired) {
  uint32_t index = 0;
  const VkResult result = VK_CHECK_SWAPCHAIN(vkAcquireNextImageKHR(
      device_.handle(), swapchain_, UINT64_MAX, acquired, VK_NULL_HANDLE, &index));
  if (result == VK_ERROR_OUT_OF_DATE_KHR) {
    stale_ = true;
    return std::nullopt;
  }
  // Suboptimal still acquired (and will signal) the image: draw this frame, recreate after.
  if (result == VK_SUBOPTIMAL_KHR) stale_ = true;
  return index;
}

void Swapchain::present(uint32_t image) {
  VkSemaphore wait = render_finished(image);
  VkPresentInfoKHR info{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
  info.waitSemaphoreCount = 1;
  info.pWaitSemaphores = &wait;
  info.swapchainCount = 1;
  info.pSwapchains = &swapchain_;
  info.pImageIndices = &image;
  const VkResult result = VK_CHECK_SWAPCHAIN(vkQueuePresentKHR(device_.queue(), &info));
  if (result != VK_SUCCESS) stale_ = true;
}

}  // namespace weft
