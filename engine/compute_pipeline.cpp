#include "engine/compute_pipeline.h"

#include "engine/check.h"
#include "engine/device.h"

namespace weft {

DeviceHandle<VkShaderModule> create_shader_module(const Device& device,
                                                  std::span<const uint32_t> spirv,
                                                  const std::string& name) {
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = spirv.size_bytes();
  info.pCode = spirv.data();
  VkShaderModule module = VK_NULL_HANDLE;
  VK_CHECK(vkCreateShaderModule(device.handle(), &info, nullptr, &module));
  device.set_name(VK_OBJECT_TYPE_SHADER_MODULE, module, name);
  return {device.handle(), module, vkDestroyShaderModule};
}

ComputePipeline::ComputePipeline(const Device& device, VkPipelineLayout layout,
                                 std::span<const uint32_t> spirv, const std::string& name) {
  DeviceHandle<VkShaderModule> module = create_shader_module(device, spirv, name);
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module.get();
  info.stage.pName = "main";
  info.layout = layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VK_CHECK(vkCreateComputePipelines(device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline));
  pipeline_ = {device.handle(), pipeline, vkDestroyPipeline};
  device.set_name(VK_OBJECT_TYPE_PIPELINE, pipeline, name);
}

}  // namespace weft
