#include "engine/storage_bindings.h"

#include <vector>

#include "engine/buffer.h"
#include "engine/check.h"
#include "engine/device.h"

namespace weft {

StorageBindings::StorageBindings(const Device& device, uint32_t binding_count,
                                 uint32_t push_constant_bytes, VkShaderStageFlags stages,
                                 const std::string& name)
    : device_(device.handle()) {
  std::vector<VkDescriptorSetLayoutBinding> bindings(binding_count);
  for (uint32_t i = 0; i < binding_count; ++i) {
    bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, stages, nullptr};
  }
  VkDescriptorSetLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  layout_info.bindingCount = binding_count;
  layout_info.pBindings = bindings.data();
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorSetLayout(device_, &layout_info, nullptr, &set_layout));
  set_layout_ = {device_, set_layout, vkDestroyDescriptorSetLayout};
  device.set_name(VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, set_layout, name + " set layout");

  VkDescriptorPoolSize pool_size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, binding_count};
  VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool_info.maxSets = 1;
  pool_info.poolSizeCount = 1;
  pool_info.pPoolSizes = &pool_size;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(device_, &pool_info, nullptr, &pool));
  pool_ = {device_, pool, vkDestroyDescriptorPool};

  VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocate.descriptorPool = pool;
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &set_layout;
  VK_CHECK(vkAllocateDescriptorSets(device_, &allocate, &set_));
  device.set_name(VK_OBJECT_TYPE_DESCRIPTOR_SET, set_, name + " set");

  VkPushConstantRange push{stages, 0, push_constant_bytes};
  VkPipelineLayoutCreateInfo pipeline_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  pipeline_info.setLayoutCount = 1;
  pipeline_info.pSetLayouts = &set_layout;
  pipeline_info.pushConstantRangeCount = push_constant_bytes ? 1 : 0;
  pipeline_info.pPushConstantRanges = &push;
  VkPipelineLayout pipeline_layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreatePipelineLayout(device_, &pipeline_info, nullptr, &pipeline_layout));
  pipeline_layout_ = {device_, pipeline_layout, vkDestroyPipelineLayout};
  device.set_name(VK_OBJECT_TYPE_PIPELINE_LAYOUT, pipeline_layout, name + " pipeline layout");
}

void StorageBindings::write(uint32_t binding, const Buffer& buffer) {
  VkDescriptorBufferInfo info{buffer.handle(), 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = set_;
  write.dstBinding = binding;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  write.pBufferInfo = &info;
  vkUpdateDescriptorSets(device_, 1, &write, 0, nullptr);
}

void StorageBindings::bind(VkCommandBuffer cmd, VkPipelineBindPoint bind_point) const {
  vkCmdBindDescriptorSets(cmd, bind_point, pipeline_layout_.get(), 0, 1, &set_, 0, nullptr);
}

}  // namespace weft
