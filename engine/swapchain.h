// The window's swapchain: its images and views, a "rendering finished" semaphore per image (a
// semaphore that presentation waits on can only be reused once its image comes back), and
// recreation when the window is resized, minimised or the present mode changes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/device_handle.h"

namespace weft {

class Device;

class Swapchain {
 public:
  Swapchain(const Device& device, VkSurfaceKHR surface, bool vsync);
  ~Swapchain();
  Swapchain(const Swapchain&) = delete;
  Swapchain& operator=(const Swapchain&) = delete;

  // (Re)creates the swapchain for a framebuffer of this size, after waiting for the device to
  // finish with the old images (a resize, not a frame). Returns false when there is nothing to
  // draw into (a minimised window has no area): call again once it has.
  bool recreate(VkExtent2D framebuffer_size);
  // Whether the next frame must recreate first: out of date, suboptimal, or vsync changed.
  bool stale() const { return stale_ || !swapchain_; }
  // FIFO with vsync; without it MAILBOX, else IMMEDIATE where the surface offers them.
  void set_vsync(bool vsync);
  bool vsync() const { return vsync_; }

  // Acquires the next image, to be signalled on `acquired`; nothing when the swapchain is out of
  // date (it is then stale: recreate and skip this frame).
  std::optional<uint32_t> acquire(VkSemaphore acquired);
  // Presents the image once render_finished(image) is signalled. Marks the swapchain stale
  // when presentation says it no longer fits the window.
  void present(uint32_t image);

  VkSemaphore render_finished(uint32_t image) const { return render_finished_[image].get(); }
  VkImage image(uint32_t i) const { return images_[i]; }
  VkImageView view(uint32_t i) const { return views_[i].get(); }
  uint32_t image_count() const { return static_cast<uint32_t>(images_.size()); }
  VkFormat format() const { return format_.format; }
  VkExtent2D extent() const { return extent_; }
  VkPresentModeKHR present_mode() const { return present_mode_; }
  // Whether images can be copied from (screenshots of the window).
  bool can_read_back() const { return can_read_back_; }
  // Whether images can be copied or blitted into (the viewer's scene drawn smaller, scaled up).
  bool can_blit_to() const { return can_blit_to_; }

 private:
  VkPresentModeKHR choose_present_mode() const;

  const Device& device_;
  VkSurfaceKHR surface_;
  VkSurfaceFormatKHR format_{};
  VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
  std::vector<VkImage> images_;  // owned by the swapchain
  std::vector<DeviceHandle<VkImageView>> views_;
  std::vector<DeviceHandle<VkSemaphore>> render_finished_;
  VkExtent2D extent_{};
  VkPresentModeKHR present_mode_ = VK_PRESENT_MODE_FIFO_KHR;
  bool vsync_;
  bool stale_ = true;
  bool can_read_back_ = false;
  bool can_blit_to_ = false;
};

// A binary semaphore, named.
DeviceHandle<VkSemaphore> create_semaphore(const Device& device, const std::string& name);

}  // namespace weft
