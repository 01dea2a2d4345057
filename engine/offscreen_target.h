// Rendering without a window: the scene pass's attachments (render_targets.h) resolve into an
// image of its own, which is then copied into a host-visible buffer. The headless screenshot
// (`weft run --screenshot`) draws through this.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/buffer.h"
#include "engine/image.h"
#include "engine/render_targets.h"

namespace weft {

class Device;

class OffscreenTarget {
 public:
  // formats.color must be an 8-bit RGBA or BGRA format (see image_readback.h).
  OffscreenTarget(const Device& device, const RenderFormats& formats, VkExtent2D extent,
                  const std::string& name);

  // Records the start of the scene pass into the resolved image, cleared to `clear`.
  void begin(VkCommandBuffer cmd, const VkClearColorValue& clear) const;
  // Records the end of the pass and the copy of the resolved image into the host buffer.
  void end_and_copy(VkCommandBuffer cmd) const;
  // After the command buffer has finished: the picture as 8-bit RGBA, top row first.
  std::vector<uint8_t> read_rgba() const;

  VkExtent2D extent() const { return targets_.extent(); }
  const RenderFormats& formats() const { return targets_.formats(); }

 private:
  RenderTargets targets_;
  Image resolved_;
  Buffer readback_;
};

}  // namespace weft
