// A compute pipeline made from SPIR-V words and a pipeline layout.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "engine/device_handle.h"

namespace weft {

class Device;

class ComputePipeline {
 public:
  ComputePipeline() = default;
  ComputePipeline(const Device& device, VkPipelineLayout layout, std::span<const uint32_t> spirv,
                  const std::string& name);

  VkPipeline handle() const { return pipeline_.get(); }
  // Hands the pipeline's ownership over (to a cache that keeps it for the device's life).
  DeviceHandle<VkPipeline> release() { return std::move(pipeline_); }

 private:
  DeviceHandle<VkPipeline> pipeline_;
};

// A shader module from SPIR-V words, destroyed when the owner goes.
DeviceHandle<VkShaderModule> create_shader_module(const Device& device,
                                                  std::span<const uint32_t> spirv,
                                                  const std::string& name);

}  // namespace weft
