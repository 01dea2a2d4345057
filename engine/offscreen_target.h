// Rendering without a window: an image that a pass draws into (in place of a swapchain image),
// and the host-visible buffer it is then copied into. The headless screenshot
// (`weft run --screenshot`) draws through this.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/buffer.h"
#include "engine/image.h"

namespace weft {

class Device;

class OffscreenTarget {
 public:
  // `format` must be an 8-bit RGBA or BGRA format (see image_readback.h).
  OffscreenTarget(const Device& device, VkFormat format, VkExtent2D extent,
                  const std::string& name);

  VkImageView view() const { return image_.view(); }
  VkFormat format() const { return image_.desc().format; }
  VkExtent2D extent() const { return image_.extent(); }

  // Records the image's move to COLOR_ATTACHMENT_OPTIMAL (contents discarded), after any copy
  // still reading it.
  void prepare(VkCommandBuffer cmd) const;
  // Records, after a pass has drawn into it, the copy of the image into the host buffer.
  void copy_to_host(VkCommandBuffer cmd) const;
  // After the command buffer has finished: the picture as 8-bit RGBA, top row first.
  std::vector<uint8_t> read_rgba() const;

 private:
  Image image_;
  Buffer readback_;
};

}  // namespace weft
