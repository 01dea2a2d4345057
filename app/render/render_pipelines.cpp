#include "app/render/render_pipelines.h"

#include <vector>

#include "shaders/shader_library.h"
#include "shaders/shared_types.h"

namespace weft {

namespace {

// How a pipeline draws: into the scene pass (colour and depth, multisampled) or into the shadow
// map (depth only, one sample).
struct Target {
  VkFormat color = VK_FORMAT_UNDEFINED;
  VkFormat depth = VK_FORMAT_UNDEFINED;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
};

// fragment: nullptr for none (a shadow caster that only writes depth).
GraphicsPipeline make_pipeline(const Device& device, VkPipelineLayout layout, const Target& target,
                               const char* vertex, const char* fragment, const std::string& name,
                               bool cloth_vertex_input = false) {
  const std::vector<uint32_t> vertex_words = shaders::spirv(vertex);
  const std::vector<uint32_t> fragment_words =
      fragment ? shaders::spirv(fragment) : std::vector<uint32_t>{};
  GraphicsPipelineDesc desc;
  desc.vertex_spirv = vertex_words;
  desc.fragment_spirv = fragment_words;
  desc.color_format = target.color;
  desc.depth_format = target.depth;
  desc.samples = target.samples;
  if (cloth_vertex_input) {
    // Binding 0: the solver's positions (xyz + inverse mass); binding 1: the normals.
    desc.vertex_bindings = {{0, 16, VK_VERTEX_INPUT_RATE_VERTEX},
                            {1, 16, VK_VERTEX_INPUT_RATE_VERTEX}};
    desc.vertex_attributes = {{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0},
                              {1, 1, VK_FORMAT_R32G32B32A32_SFLOAT, 0}};
  }
  return GraphicsPipeline(device, layout, desc, name);
}

}  // namespace

StorageBindings make_render_bindings(const Device& device, const std::string& name) {
  return StorageBindings(device, WEFT_RENDER_BINDING_COUNT, sizeof(gpu::DrawPush), kRenderStages,
                         name);
}

RenderPipelines::RenderPipelines(const Device& device, const RenderFormats& formats,
                                 VkFormat shadow_depth_format)
    : formats_(formats), layout_source_(make_render_bindings(device, "render pipelines")) {
  const VkPipelineLayout l = layout();
  normals = ComputePipeline(device, l, shaders::spirv("compute_normals.comp"), "normals");
  open_torn_cloth =
      ComputePipeline(device, l, shaders::spirv("open_torn_cloth.comp"), "open torn cloth");
  const Target scene{formats.color, formats.depth, formats.samples};
  cloth = make_pipeline(device, l, scene, "cloth.vert", "cloth.frag", "draw cloth", true);
  torn_cloth = make_pipeline(device, l, scene, "torn_cloth.vert", "cloth.frag", "draw torn cloth");
  springs = make_pipeline(device, l, scene, "springs.vert", "springs.frag", "draw springs");
  lines = make_pipeline(device, l, scene, "lines.vert", "lines.frag", "draw lines");
  particles = make_pipeline(device, l, scene, "particles.vert", "particles.frag", "draw particles");
  markers = make_pipeline(device, l, scene, "marker.vert", "marker.frag", "draw markers");
  spheres = make_pipeline(device, l, scene, "sphere.vert", "sphere.frag", "draw spheres");
  if (shadow_depth_format != VK_FORMAT_UNDEFINED) {
    const Target map{VK_FORMAT_UNDEFINED, shadow_depth_format, VK_SAMPLE_COUNT_1_BIT};
    shadow = ShadowCasterPipelines{
        make_pipeline(device, l, map, "cloth.vert", nullptr, "shadow of cloth", true),
        make_pipeline(device, l, map, "torn_cloth.vert", nullptr, "shadow of torn cloth"),
        make_pipeline(device, l, map, "lines.vert", nullptr, "shadow of lines"),
        make_pipeline(device, l, map, "particles.vert", "shadow_disc.frag", "shadow of particles"),
        make_pipeline(device, l, map, "marker.vert", "shadow_disc.frag", "shadow of markers"),
        make_pipeline(device, l, map, "sphere.vert", nullptr, "shadow of spheres")};
  }
}

}  // namespace weft
