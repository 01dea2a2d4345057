// A graphics pipeline for dynamic rendering (no VkRenderPass): vertex + fragment SPIR-V, the
// vertex input, the fixed-function state weft's draws vary, and the attachment formats it draws
// into. A depth-only pipeline (a shadow map) has no colour format and may have no fragment shader.
// Viewport and scissor are dynamic, so a resized window keeps its pipelines.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/device_handle.h"

namespace weft {

class Device;

enum class Blend { none, alpha };

struct GraphicsPipelineDesc {
  std::span<const uint32_t> vertex_spirv;
  std::span<const uint32_t> fragment_spirv;  // empty: no fragment shader (depth only)
  std::vector<VkVertexInputBindingDescription> vertex_bindings;
  std::vector<VkVertexInputAttributeDescription> vertex_attributes;
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkCullModeFlags cull = VK_CULL_MODE_NONE;
  bool depth_test = true;
  bool depth_write = true;
  Blend blend = Blend::none;
  // Attachments (VkPipelineRenderingCreateInfo); VK_FORMAT_UNDEFINED for none.
  VkFormat color_format = VK_FORMAT_UNDEFINED;
  VkFormat depth_format = VK_FORMAT_UNDEFINED;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
};

class GraphicsPipeline {
 public:
  GraphicsPipeline() = default;
  GraphicsPipeline(const Device& device, VkPipelineLayout layout, const GraphicsPipelineDesc& desc,
                   const std::string& name);

  VkPipeline handle() const { return pipeline_.get(); }

 private:
  DeviceHandle<VkPipeline> pipeline_;
};

}  // namespace weft
