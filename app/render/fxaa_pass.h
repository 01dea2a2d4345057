// FXAA as a pass of its own: the scene is drawn into an intermediate image of this pass, which a
// fullscreen triangle then samples to write the anti-aliased picture into the target.
#pragma once

#include <string>

#include "engine/device_handle.h"
#include "engine/graphics_pipeline.h"
#include "engine/image.h"

namespace weft {

class Device;

class FxaaPass {
 public:
  FxaaPass(const Device& device, VkFormat format, VkExtent2D extent);

  // Where the scene pass draws: in COLOR_ATTACHMENT_OPTIMAL after prepare_input().
  VkImageView input() const { return input_.view(); }
  // Records the input's transition for the scene pass (after the previous frame's FXAA read it).
  void prepare_input(VkCommandBuffer cmd) const;
  // Records the pass: the input, as the scene pass left it, filtered into `target` (a view in
  // COLOR_ATTACHMENT_OPTIMAL, of the format and size given at construction).
  void record(VkCommandBuffer cmd, VkImageView target) const;

 private:
  const Device& device_;
  VkExtent2D extent_;
  Image input_;
  DeviceHandle<VkSampler> sampler_;
  DeviceHandle<VkDescriptorSetLayout> set_layout_;
  DeviceHandle<VkDescriptorPool> pool_;
  VkDescriptorSet set_ = VK_NULL_HANDLE;  // freed with the pool
  DeviceHandle<VkPipelineLayout> layout_;
  GraphicsPipeline pipeline_;
};

}  // namespace weft
