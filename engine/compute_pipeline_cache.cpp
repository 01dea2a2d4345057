#include "engine/compute_pipeline_cache.h"

#include "engine/check.h"
#include "engine/compute_pipeline.h"
#include "engine/device.h"

namespace weft {

VkDescriptorSetLayout ComputePipelineCache::storage_set_layout(uint32_t bindings) {
  auto found = set_layouts_.find(bindings);
  if (found != set_layouts_.end()) return found->second.get();
  std::vector<VkDescriptorSetLayoutBinding> entries(bindings);
  for (uint32_t i = 0; i < bindings; ++i) {
    entries[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  }
  VkDescriptorSetLayoutCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  info.bindingCount = bindings;
  info.pBindings = entries.data();
  VkDescriptorSetLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorSetLayout(device_.handle(), &info, nullptr, &layout));
  device_.set_name(VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, layout,
                   std::to_string(bindings) + " storage buffers");
  set_layouts_.emplace(bindings, DeviceHandle<VkDescriptorSetLayout>(device_.handle(), layout,
                                                                     vkDestroyDescriptorSetLayout));
  return layout;
}

VkPipelineLayout ComputePipelineCache::pipeline_layout(const std::vector<uint32_t>& set_bindings,
                                                       uint32_t push_bytes) {
  const auto key = std::make_pair(set_bindings, push_bytes);
  auto found = layouts_.find(key);
  if (found != layouts_.end()) return found->second.get();
  std::vector<VkDescriptorSetLayout> sets;
  for (uint32_t bindings : set_bindings)
    sets.push_back(storage_set_layout(bindings));
  VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, push_bytes};
  VkPipelineLayoutCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  info.setLayoutCount = static_cast<uint32_t>(sets.size());
  info.pSetLayouts = sets.data();
  info.pushConstantRangeCount = push_bytes ? 1 : 0;
  info.pPushConstantRanges = &push;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreatePipelineLayout(device_.handle(), &info, nullptr, &layout));
  std::string name = "compute layout (sets of";
  for (uint32_t bindings : set_bindings)
    name += " " + std::to_string(bindings);
  device_.set_name(VK_OBJECT_TYPE_PIPELINE_LAYOUT, layout, name + " buffers)");
  layouts_.emplace(
      key, DeviceHandle<VkPipelineLayout>(device_.handle(), layout, vkDestroyPipelineLayout));
  return layout;
}

VkPipeline ComputePipelineCache::pipeline(const std::string& name, VkPipelineLayout layout,
                                          const std::function<std::vector<uint32_t>()>& spirv) {
  const auto key = std::make_pair(name, layout);
  auto found = pipelines_.find(key);
  if (found != pipelines_.end()) return found->second.get();
  ComputePipeline made(device_, layout, spirv(), name);
  const VkPipeline handle = made.handle();
  pipelines_.emplace(key, made.release());
  return handle;
}

StorageSet::StorageSet(const Device& device, VkDescriptorSetLayout layout, uint32_t bindings,
                       const std::string& name)
    : device_(device.handle()) {
  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, bindings};
  VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool_info.maxSets = 1;
  pool_info.poolSizeCount = 1;
  pool_info.pPoolSizes = &size;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(device_, &pool_info, nullptr, &pool));
  pool_ = {device_, pool, vkDestroyDescriptorPool};

  VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocate.descriptorPool = pool;
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &layout;
  VK_CHECK(vkAllocateDescriptorSets(device_, &allocate, &set_));
  device.set_name(VK_OBJECT_TYPE_DESCRIPTOR_SET, set_, name);
}

void StorageSet::write(uint32_t binding, VkBuffer buffer) {
  VkDescriptorBufferInfo info{buffer, 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = set_;
  write.dstBinding = binding;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  write.pBufferInfo = &info;
  vkUpdateDescriptorSets(device_, 1, &write, 0, nullptr);
}

}  // namespace weft
