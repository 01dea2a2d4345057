// The pipelines that draw a scene's systems, built once per scene and shared by all of them (a
// scene of three systems compiles each shader once): the normals pass, the shaded and springs
// views, thick lines, particle spheres, markers, sphere colliders, and the same shapes again as
// shadow casters (depth only, seen from the key light) when the scene has a ground to cast onto.
// Every system's render set has the layout of `layout()`, so its set binds to these pipelines.
#pragma once

#include <optional>

#include "engine/compute_pipeline.h"
#include "engine/graphics_pipeline.h"
#include "engine/render_targets.h"
#include "engine/storage_bindings.h"

namespace weft {

class Device;

// What every draw and the normals pass see: vertex, fragment and compute.
constexpr VkShaderStageFlags kRenderStages =
    VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT | VK_SHADER_STAGE_COMPUTE_BIT;

// The render set of a system: WEFT_RENDER_BINDING_COUNT storage buffers and DrawPush.
StorageBindings make_render_bindings(const Device& device, const std::string& name);

struct ShadowCasterPipelines {
  GraphicsPipeline cloth;
  GraphicsPipeline torn_cloth;
  GraphicsPipeline lines;
  GraphicsPipeline particles;
  GraphicsPipeline markers;
  GraphicsPipeline spheres;
};

class RenderPipelines {
 public:
  // shadow_depth_format: the shadow map's format, or VK_FORMAT_UNDEFINED for no shadow casters.
  RenderPipelines(const Device& device, const RenderFormats& formats, VkFormat shadow_depth_format);

  VkPipelineLayout layout() const { return layout_source_.pipeline_layout(); }
  const RenderFormats& formats() const { return formats_; }

  ComputePipeline normals;
  ComputePipeline open_torn_cloth;  // a tearing cloth's drawn index buffer
  GraphicsPipeline cloth;
  GraphicsPipeline torn_cloth;  // the pieces of a tearing cloth's torn triangles
  GraphicsPipeline springs;
  GraphicsPipeline lines;
  GraphicsPipeline particles;
  GraphicsPipeline markers;  // pinned and dragged particles
  GraphicsPipeline spheres;  // sphere colliders
  std::optional<ShadowCasterPipelines> shadow;

 private:
  RenderFormats formats_;
  StorageBindings layout_source_;  // only its layout: identical to every system's
};

}  // namespace weft
