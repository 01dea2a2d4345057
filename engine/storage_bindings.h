// One descriptor set of storage buffers at bindings 0..N-1 plus a push-constant range, and the
// pipeline layout around them. Every compute pass of a solver shares one of these: each shader
// declares the bindings it uses, and the set is bound once per command buffer.
#pragma once

#include <cstdint>
#include <string>

#include "engine/device_handle.h"

namespace weft {

class Buffer;
class Device;

class StorageBindings {
 public:
  StorageBindings(const Device& device, uint32_t binding_count, uint32_t push_constant_bytes,
                  VkShaderStageFlags stages, const std::string& name);

  void write(uint32_t binding, const Buffer& buffer);
  void bind(VkCommandBuffer cmd, VkPipelineBindPoint bind_point) const;

  VkPipelineLayout pipeline_layout() const { return pipeline_layout_.get(); }
  VkDescriptorSetLayout set_layout() const { return set_layout_.get(); }

 private:
  VkDevice device_;
  DeviceHandle<VkDescriptorSetLayout> set_layout_;
  DeviceHandle<VkDescriptorPool> pool_;
  DeviceHandle<VkPipelineLayout> pipeline_layout_;
  VkDescriptorSet set_ = VK_NULL_HANDLE;  // freed with the pool
};

}  // namespace weft
