#include "app/viewer/scaled_scene.h"

#include <algorithm>
#include <cmath>

#include "engine/barriers.h"
#include "engine/device.h"

namespace weft {

namespace {

VkExtent2D scaled(VkExtent2D window, float scale) {
  const auto side = [scale](uint32_t pixels) {
    return std::max(1u, static_cast<uint32_t>(std::lround(static_cast<float>(pixels) * scale)));
  };
  return {side(window.width), side(window.height)};
}

ImageDesc scene_image(const RenderFormats& formats, VkExtent2D extent) {
  ImageDesc desc;
  desc.extent = extent;
  desc.format = formats.color;
  desc.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  return desc;
}

}  // namespace

ScaledScene::ScaledScene(const Device& device, const RenderFormats& formats, VkExtent2D window,
                         float scale)
    : image_(device, scene_image(formats, scaled(window, scale)), "scaled scene"),
      targets_(device, formats, scaled(window, scale), "scaled scene") {}

void ScaledScene::begin(VkCommandBuffer cmd, const VkClearColorValue& clear) const {
  // The previous frame's blit may still read the image: wait for it, discard its contents.
  image_barrier(cmd, image_.handle(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_BLIT_BIT,
                VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
  targets_.begin(cmd, image_.view(), clear);
}

void ScaledScene::end_and_blit(VkCommandBuffer cmd, VkImage window_image, VkExtent2D window) const {
  targets_.end(cmd);
  image_barrier(cmd, image_.handle(), VK_IMAGE_ASPECT_COLOR_BIT,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_BLIT_BIT,
                VK_ACCESS_2_TRANSFER_READ_BIT);
  // After the acquire semaphore (waited on at colour attachment output) and its discarded
  // contents: a transfer destination.
  image_barrier(cmd, window_image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_NONE,
                VK_PIPELINE_STAGE_2_BLIT_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  const VkExtent2D from = image_.extent();
  VkImageBlit region{};
  region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.srcOffsets[1] = {static_cast<int32_t>(from.width), static_cast<int32_t>(from.height), 1};
  region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.dstOffsets[1] = {static_cast<int32_t>(window.width), static_cast<int32_t>(window.height),
                          1};
  vkCmdBlitImage(cmd, image_.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, window_image,
                 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region, VK_FILTER_LINEAR);
  // The UI draws over it.
  image_barrier(cmd, window_image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_BLIT_BIT,
                VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
}

bool can_scale_scene(const Device& device, VkFormat format) {
  VkFormatProperties properties;
  vkGetPhysicalDeviceFormatProperties(device.physical(), format, &properties);
  const VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_BLIT_SRC_BIT |
                                      VK_FORMAT_FEATURE_BLIT_DST_BIT |
                                      VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  return (properties.optimalTilingFeatures & needed) == needed;
}

}  // namespace weft
