#include "engine/render_targets.h"

#include <stdexcept>

#include "engine/barriers.h"
#include "engine/device.h"

namespace weft {

RenderFormats choose_render_formats(const Device& device, VkFormat color,
                                    VkSampleCountFlagBits max_samples) {
  RenderFormats formats;
  formats.color = color;
  for (VkFormat candidate :
       {VK_FORMAT_D32_SFLOAT, VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D16_UNORM}) {
    VkFormatProperties properties;
    vkGetPhysicalDeviceFormatProperties(device.physical(), candidate, &properties);
    if (properties.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) {
      formats.depth = candidate;
      break;
    }
  }
  if (formats.depth == VK_FORMAT_UNDEFINED) {
    throw std::runtime_error("weft: " + device.name() + " has no depth attachment format");
  }
  const VkSampleCountFlags supported =
      device.limits().framebufferColorSampleCounts & device.limits().framebufferDepthSampleCounts;
  for (VkSampleCountFlagBits samples = max_samples; samples > VK_SAMPLE_COUNT_1_BIT;
       samples = static_cast<VkSampleCountFlagBits>(samples >> 1)) {
    if (supported & samples) {
      formats.samples = samples;
      break;
    }
  }
  return formats;
}

RenderTargets::RenderTargets(const Device& device, const RenderFormats& formats, VkExtent2D extent,
                             const std::string& name)
    : formats_(formats), extent_(extent) {
  if (formats.samples != VK_SAMPLE_COUNT_1_BIT) {
    // Transient: the samples live only within the pass; only the resolved image is kept.
    color_ = Image(device,
                   {extent, formats.color,
                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT,
                    formats.samples, VK_IMAGE_ASPECT_COLOR_BIT},
                   name + " multisampled colour");
  }
  depth_ =
      Image(device,
            {extent, formats.depth,
             VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT,
             formats.samples, VK_IMAGE_ASPECT_DEPTH_BIT},
            name + " depth");
}

void RenderTargets::begin(VkCommandBuffer cmd, VkImageView resolve,
                          const VkClearColorValue& clear) const {
  // The previous frame's pass may still write these attachments: wait for it, discard the
  // contents (they are cleared) and move to the attachment layouts.
  if (color_.handle()) {
    image_barrier(
        cmd, color_.handle(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
        VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
        VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
        VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
  }
  const VkPipelineStageFlags2 depth_stages =
      VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
  image_barrier(cmd, depth_.handle(), VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, depth_stages,
                VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, depth_stages,
                VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);

  VkRenderingAttachmentInfo color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  color.clearValue.color = clear;
  if (color_.handle()) {
    color.imageView = color_.view();
    color.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    color.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
    color.resolveImageView = resolve;
    color.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  } else {
    color.imageView = resolve;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  }
  VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  depth.imageView = depth_.view();
  depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
  depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  depth.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  depth.clearValue.depthStencil = {1.0f, 0};

  VkRenderingInfo info{VK_STRUCTURE_TYPE_RENDERING_INFO};
  info.renderArea = {{0, 0}, extent_};
  info.layerCount = 1;
  info.colorAttachmentCount = 1;
  info.pColorAttachments = &color;
  info.pDepthAttachment = &depth;
  vkCmdBeginRendering(cmd, &info);

  const VkViewport viewport{
      0.0f, 0.0f, static_cast<float>(extent_.width), static_cast<float>(extent_.height),
      0.0f, 1.0f};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  const VkRect2D scissor{{0, 0}, extent_};
  vkCmdSetScissor(cmd, 0, 1, &scissor);
}

void RenderTargets::end(VkCommandBuffer cmd) const {
  vkCmdEndRendering(cmd);
}

}  // namespace weft
