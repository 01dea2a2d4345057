#include "app/render/scene_pass.h"

#include "engine/device.h"

namespace weft {

namespace {

RenderFormats formats_for(const Device& device, VkFormat target, AntiAliasing aa) {
  return choose_render_formats(
      device, target, aa == AntiAliasing::msaa ? VK_SAMPLE_COUNT_4_BIT : VK_SAMPLE_COUNT_1_BIT);
}

}  // namespace

AntiAliasing choose_anti_aliasing(const Device& device) {
  if (device.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) return AntiAliasing::fxaa;
  const VkSampleCountFlags counts =
      device.limits().framebufferColorSampleCounts & device.limits().framebufferDepthSampleCounts;
  return (counts & VK_SAMPLE_COUNT_4_BIT) ? AntiAliasing::msaa : AntiAliasing::fxaa;
}

const char* anti_aliasing_name(AntiAliasing aa) {
  return aa == AntiAliasing::msaa ? "4x MSAA" : "FXAA";
}

ScenePass::ScenePass(const Device& device, VkFormat target_format, VkExtent2D extent,
                     AntiAliasing aa)
    : targets_(device, formats_for(device, target_format, aa), extent, "scene") {
  // MSAA that the device lacks falls back to FXAA rather than to no anti-aliasing.
  if (aa == AntiAliasing::fxaa || targets_.formats().samples == VK_SAMPLE_COUNT_1_BIT) {
    fxaa_ = std::make_unique<FxaaPass>(device, target_format, extent);
  }
}

void ScenePass::begin(VkCommandBuffer cmd, VkImageView target,
                      const VkClearColorValue& clear) const {
  if (fxaa_) {
    fxaa_->prepare_input(cmd);
    targets_.begin(cmd, fxaa_->input(), clear);
  } else {
    targets_.begin(cmd, target, clear);
  }
}

void ScenePass::end(VkCommandBuffer cmd, VkImageView target) const {
  targets_.end(cmd);
  if (fxaa_) fxaa_->record(cmd, target);
}

}  // namespace weft
