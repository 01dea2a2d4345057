// The scene drawn smaller than the window and scaled up onto it: what a slow device (lavapipe
// fills pixels on the CPU) does last when frames stay slow (draw_quality.h). The scene pass
// draws into an image of the smaller size, which a linear blit stretches over the window's
// image before the UI is drawn on it at full size.
#pragma once

#include <string>

#include "engine/image.h"
#include "engine/render_targets.h"

namespace weft {

class Device;

class ScaledScene {
 public:
  // `scale`: the share of the window's width and height the scene is drawn at.
  ScaledScene(const Device& device, const RenderFormats& formats, VkExtent2D window, float scale);

  VkExtent2D extent() const { return targets_.extent(); }
  // Begins the scene pass into the smaller image (RenderTargets::begin).
  void begin(VkCommandBuffer cmd, const VkClearColorValue& clear) const;
  // Ends the pass and stretches the picture over `window_image`, whose contents are discarded;
  // leaves it in COLOR_ATTACHMENT_OPTIMAL for the UI. The window image's acquire semaphore is
  // waited on at the colour attachment output stage.
  void end_and_blit(VkCommandBuffer cmd, VkImage window_image, VkExtent2D window) const;

 private:
  Image image_;  // the swapchain's format, the smaller size
  RenderTargets targets_;
};

// Whether the window's images can be stretched onto (blit destination, linear filter) in this
// format: the swapchain must also allow transfers into its images.
bool can_scale_scene(const Device& device, VkFormat format);

}  // namespace weft
