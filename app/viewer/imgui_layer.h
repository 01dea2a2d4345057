// Dear ImGui (Debian's 1.86) on the viewer's window and device. That version's Vulkan backend
// draws inside a VkRenderPass (it predates dynamic rendering), so the UI has a render pass of its
// own: it loads the swapchain image the scene pass resolved into, draws on top, and leaves it in
// COLOR_ATTACHMENT_OPTIMAL for the present (or screenshot) barrier.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/device_handle.h"

namespace weft {

class Device;
class Instance;
class Swapchain;
class Window;

class ImGuiLayer {
 public:
  // `frames_in_flight`: how many frames may use the backend's buffers at once.
  ImGuiLayer(Window& window, Instance& instance, Device& device, const Swapchain& swapchain,
             uint32_t frames_in_flight);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  // The swapchain's images changed (resize): new framebuffers.
  void on_swapchain_recreated(const Swapchain& swapchain);
  // Starts the UI's frame: widgets may be built until record().
  void new_frame();
  // Ends the UI's frame and records its draws onto swapchain image `image`.
  void record(VkCommandBuffer cmd, uint32_t image, VkExtent2D extent);

  // Whether the UI is using the mouse or keyboard now (the scene then ignores them).
  bool wants_mouse() const;
  bool wants_keyboard() const;

 private:
  Device& device_;
  DeviceHandle<VkDescriptorPool> pool_;
  DeviceHandle<VkRenderPass> render_pass_;
  std::vector<DeviceHandle<VkFramebuffer>> framebuffers_;
  bool frame_open_ = false;
};

}  // namespace weft
