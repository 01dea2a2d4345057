#include "app/viewer/window_screenshots.h"

#include "app/render/png_file.h"
#include "engine/barriers.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/image_readback.h"

namespace weft {

WindowScreenshots::WindowScreenshots(Device& device, uint32_t slots)
    : device_(device), buffers_(slots), in_flight_(slots) {}

void WindowScreenshots::request(std::string path) {
  if (path.empty()) path = "weft-screenshot-" + std::to_string(++counter_) + ".png";
  requested_ = std::move(path);
}

void WindowScreenshots::record(VkCommandBuffer cmd, uint32_t slot, VkImage image, VkExtent2D extent,
                               VkFormat format) {
  DebugLabel label(device_, cmd, "screenshot copy");
  const VkDeviceSize bytes =
      VkDeviceSize{extent.width} * extent.height * readback_bytes_per_pixel(format);
  if (buffers_[slot].size() < bytes) {
    buffers_[slot] = make_readback_buffer(device_, extent, format,
                                          "screenshot readback " + std::to_string(slot));
  }
  image_barrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                VK_ACCESS_2_TRANSFER_READ_BIT);
  record_image_to_buffer(cmd, image, extent, buffers_[slot]);
  image_barrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE,
                VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE);
  in_flight_[slot] = Shot{requested_, extent, format};
  requested_.clear();
}

std::optional<std::string> WindowScreenshots::collect(uint32_t slot) {
  if (!in_flight_[slot]) return std::nullopt;
  const Shot shot = *in_flight_[slot];
  in_flight_[slot].reset();
  write_png(shot.path, {shot.extent.width, shot.extent.height,
                        rgba_pixels(buffers_[slot], shot.extent, shot.format)});
  return shot.path;
}

}  // namespace weft
