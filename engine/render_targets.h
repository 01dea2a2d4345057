// The attachments the scene pass draws into, for one size: a multisampled colour image resolved
// at the end of the pass into the image that is shown or saved (a swapchain image, an offscreen
// image), and a depth image with the same sample count. The window and the headless screenshot
// both draw through this, so they produce the same picture.
#pragma once

#include <string>

#include "engine/image.h"

namespace weft {

class Device;

struct RenderFormats {
  VkFormat color = VK_FORMAT_UNDEFINED;  // of the image the pass resolves into
  VkFormat depth = VK_FORMAT_UNDEFINED;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
};

// A depth format the device can attach, and the largest sample count up to max_samples that it
// supports for colour and depth alike (1 where it has no multisampling).
RenderFormats choose_render_formats(const Device& device, VkFormat color,
                                    VkSampleCountFlagBits max_samples = VK_SAMPLE_COUNT_4_BIT);

class RenderTargets {
 public:
  RenderTargets(const Device& device, const RenderFormats& formats, VkExtent2D extent,
                const std::string& name);

  // Records the attachments' layout transitions, then begins dynamic rendering that clears
  // colour and depth and resolves into `resolve` (which the caller has put in
  // COLOR_ATTACHMENT_OPTIMAL; with one sample the pass draws into it directly), and sets the
  // viewport and scissor to the whole extent.
  void begin(VkCommandBuffer cmd, VkImageView resolve, const VkClearColorValue& clear) const;
  void end(VkCommandBuffer cmd) const;

  VkExtent2D extent() const { return extent_; }
  const RenderFormats& formats() const { return formats_; }

 private:
  RenderFormats formats_;
  VkExtent2D extent_;
  Image color_;  // multisampled; empty with one sample
  Image depth_;
};

}  // namespace weft
