#include "app/render/fxaa_pass.h"

#include <vector>

#include "engine/barriers.h"
#include "engine/check.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "shaders/shader_library.h"
#include "sim/gpu_types.h"

namespace weft {

FxaaPass::FxaaPass(const Device& device, VkFormat format, VkExtent2D extent)
    : device_(device),
      extent_(extent),
      input_(device,
             {extent, format, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
              VK_SAMPLE_COUNT_1_BIT, VK_IMAGE_ASPECT_COLOR_BIT},
             "FXAA input") {
  const VkDevice vk = device.handle();
  VkSamplerCreateInfo sampler_info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  sampler_info.magFilter = VK_FILTER_LINEAR;  // FXAA samples between pixels along an edge
  sampler_info.minFilter = VK_FILTER_LINEAR;
  sampler_info.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler_info.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  sampler_info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  VkSampler sampler = VK_NULL_HANDLE;
  VK_CHECK(vkCreateSampler(vk, &sampler_info, nullptr, &sampler));
  sampler_ = {vk, sampler, vkDestroySampler};
  device.set_name(VK_OBJECT_TYPE_SAMPLER, sampler, "FXAA sampler");

  VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                       VK_SHADER_STAGE_FRAGMENT_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.bindingCount = 1;
  set_info.pBindings = &binding;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorSetLayout(vk, &set_info, nullptr, &set_layout));
  set_layout_ = {vk, set_layout, vkDestroyDescriptorSetLayout};

  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
  VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool_info.maxSets = 1;
  pool_info.poolSizeCount = 1;
  pool_info.pPoolSizes = &size;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(vk, &pool_info, nullptr, &pool));
  pool_ = {vk, pool, vkDestroyDescriptorPool};
  VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocate.descriptorPool = pool;
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &set_layout;
  VK_CHECK(vkAllocateDescriptorSets(vk, &allocate, &set_));
  device.set_name(VK_OBJECT_TYPE_DESCRIPTOR_SET, set_, "FXAA set");
  VkDescriptorImageInfo image_info{sampler, input_.view(),
                                   VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = set_;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  write.pImageInfo = &image_info;
  vkUpdateDescriptorSets(vk, 1, &write, 0, nullptr);

  VkPushConstantRange push{VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(gpu::FxaaPush)};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &set_layout;
  layout_info.pushConstantRangeCount = 1;
  layout_info.pPushConstantRanges = &push;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreatePipelineLayout(vk, &layout_info, nullptr, &layout));
  layout_ = {vk, layout, vkDestroyPipelineLayout};

  const std::vector<uint32_t> vertex = shaders::spirv("fullscreen.vert");
  const std::vector<uint32_t> fragment = shaders::spirv("fxaa.frag");
  GraphicsPipelineDesc desc;
  desc.vertex_spirv = vertex;
  desc.fragment_spirv = fragment;
  desc.depth_test = false;
  desc.depth_write = false;
  desc.color_format = format;
  pipeline_ = GraphicsPipeline(device, layout, desc, "FXAA");
}

void FxaaPass::prepare_input(VkCommandBuffer cmd) const {
  image_barrier(cmd, input_.handle(), VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
}

void FxaaPass::record(VkCommandBuffer cmd, VkImageView target) const {
  DebugLabel label(device_, cmd, "FXAA");
  image_barrier(cmd, input_.handle(), VK_IMAGE_ASPECT_COLOR_BIT,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
  VkRenderingAttachmentInfo color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  color.imageView = target;
  color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;  // every pixel is written
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  VkRenderingInfo info{VK_STRUCTURE_TYPE_RENDERING_INFO};
  info.renderArea = {{0, 0}, extent_};
  info.layerCount = 1;
  info.colorAttachmentCount = 1;
  info.pColorAttachments = &color;
  vkCmdBeginRendering(cmd, &info);
  const VkViewport viewport{
      0.0f, 0.0f, static_cast<float>(extent_.width), static_cast<float>(extent_.height),
      0.0f, 1.0f};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  const VkRect2D scissor{{0, 0}, extent_};
  vkCmdSetScissor(cmd, 0, 1, &scissor);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline_.handle());
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout_.get(), 0, 1, &set_, 0,
                          nullptr);
  const gpu::FxaaPush push{glm::vec4(1.0f / static_cast<float>(extent_.width),
                                     1.0f / static_cast<float>(extent_.height), 0.0f, 0.0f)};
  vkCmdPushConstants(cmd, layout_.get(), VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push), &push);
  vkCmdDraw(cmd, 3, 1, 0, 0);
  vkCmdEndRendering(cmd);
}

}  // namespace weft
