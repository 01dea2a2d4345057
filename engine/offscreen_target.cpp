#include "engine/offscreen_target.h"

#include "engine/barriers.h"
#include "engine/image_readback.h"

namespace weft {

OffscreenTarget::OffscreenTarget(const Device& device, const RenderFormats& formats,
                                 VkExtent2D extent, const std::string& name)
    : targets_(device, formats, extent, name),
      resolved_(device,
                {extent, formats.color,
                 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                 VK_SAMPLE_COUNT_1_BIT, VK_IMAGE_ASPECT_COLOR_BIT},
                name + " resolved colour"),
      readback_(make_readback_buffer(device, extent, formats.color, name + " readback")) {}

void OffscreenTarget::begin(VkCommandBuffer cmd, const VkClearColorValue& clear) const {
  // An earlier copy may still read the image.
  image_barrier(cmd, resolved_.handle(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT,
                VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
  targets_.begin(cmd, resolved_.view(), clear);
}

void OffscreenTarget::end_and_copy(VkCommandBuffer cmd) const {
  targets_.end(cmd);
  image_barrier(cmd, resolved_.handle(), VK_IMAGE_ASPECT_COLOR_BIT,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                VK_ACCESS_2_TRANSFER_READ_BIT);
  record_image_to_buffer(cmd, resolved_.handle(), extent(), readback_);
}

std::vector<uint8_t> OffscreenTarget::read_rgba() const {
  return rgba_pixels(readback_, extent(), formats().color);
}

}  // namespace weft
