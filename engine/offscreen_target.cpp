#include "engine/offscreen_target.h"

#include "engine/barriers.h"
#include "engine/image_readback.h"

namespace weft {

OffscreenTarget::OffscreenTarget(const Device& device, VkFormat format, VkExtent2D extent,
                                 const std::string& name)
    : image_(device,
             {extent, format, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
              VK_SAMPLE_COUNT_1_BIT, VK_IMAGE_ASPECT_COLOR_BIT},
             name),
      readback_(make_readback_buffer(device, extent, format, name + " readback")) {}

void OffscreenTarget::prepare(VkCommandBuffer cmd) const {
  image_barrier(cmd, image_.handle(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT,
                VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
}

void OffscreenTarget::copy_to_host(VkCommandBuffer cmd) const {
  image_barrier(cmd, image_.handle(), VK_IMAGE_ASPECT_COLOR_BIT,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                VK_ACCESS_2_TRANSFER_READ_BIT);
  record_image_to_buffer(cmd, image_.handle(), extent(), readback_);
}

std::vector<uint8_t> OffscreenTarget::read_rgba() const {
  return rgba_pixels(readback_, extent(), format());
}

}  // namespace weft
