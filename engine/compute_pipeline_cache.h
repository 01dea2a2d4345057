// Compute pipelines made once per device and shared by everything on it (every solver of a
// scene, every rebuild in the viewer): the descriptor set layouts of storage buffers, the pipeline
// layouts made of them, and the pipelines, each keyed by what makes it unique. The device owns
// the cache (Device::compute_pipelines()), so nothing outlives the device by accident.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/device_handle.h"

namespace weft {

class Device;

class ComputePipelineCache {
 public:
  explicit ComputePipelineCache(const Device& device) : device_(device) {}

  // A descriptor set layout of `bindings` storage buffers at bindings 0..bindings-1, for compute.
  VkDescriptorSetLayout storage_set_layout(uint32_t bindings);
  // A pipeline layout of one storage set per entry of `set_bindings` (binding counts, set 0
  // first) and `push_bytes` of push constants.
  VkPipelineLayout pipeline_layout(const std::vector<uint32_t>& set_bindings, uint32_t push_bytes);
  // The pipeline of shader `name` in `layout`; `spirv` gives the shader's words the first time.
  VkPipeline pipeline(const std::string& name, VkPipelineLayout layout,
                      const std::function<std::vector<uint32_t>()>& spirv);
  // How many pipelines the cache has made (tests check that solvers share them).
  size_t pipelines_made() const { return pipelines_.size(); }

 private:
  const Device& device_;
  std::map<uint32_t, DeviceHandle<VkDescriptorSetLayout>> set_layouts_;
  std::map<std::pair<std::vector<uint32_t>, uint32_t>, DeviceHandle<VkPipelineLayout>> layouts_;
  std::map<std::pair<std::string, VkPipelineLayout>, DeviceHandle<VkPipeline>> pipelines_;
};

// One descriptor set of storage buffers in its own small pool.
class StorageSet {
 public:
  StorageSet(const Device& device, VkDescriptorSetLayout layout, uint32_t bindings,
             const std::string& name);

  void write(uint32_t binding, VkBuffer buffer);
  VkDescriptorSet handle() const { return set_; }

 private:
  VkDevice device_;
  DeviceHandle<VkDescriptorPool> pool_;
  VkDescriptorSet set_ = VK_NULL_HANDLE;  // freed with the pool
};

}  // namespace weft
