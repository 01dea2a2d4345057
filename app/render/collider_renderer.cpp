#include "app/render/collider_renderer.h"

#include <algorithm>
#include <cstddef>

#include "app/render/solver_view.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/image.h"
#include "shaders/collider_drawing.h"
#include "shaders/shader_library.h"

namespace weft {

static_assert(sizeof(gpu::ColliderDrawPush) == 128);
static_assert(offsetof(gpu::ColliderDrawPush, plane_patch) == 96);
static_assert(offsetof(gpu::ColliderDrawPush, encode_srgb) == 112);
static_assert(offsetof(gpu::ColliderDrawPush, spacing) == 116);

namespace {

constexpr VkShaderStageFlags kStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

StorageBindings make_collider_bindings(const Device& device, const std::string& name) {
  return StorageBindings(device, WEFT_COLLIDER_DRAW_BINDING_COUNT, sizeof(gpu::ColliderDrawPush),
                         kStages, name);
}

// fragment: nullptr for none (a shadow caster that only writes depth).
GraphicsPipeline make_pipeline(const Device& device, VkPipelineLayout layout, VkFormat color,
                               VkFormat depth, VkSampleCountFlagBits samples, const char* fragment,
                               const std::string& name) {
  const std::vector<uint32_t> vertex_words = shaders::spirv("collider.vert");
  const std::vector<uint32_t> fragment_words =
      fragment ? shaders::spirv(fragment) : std::vector<uint32_t>{};
  GraphicsPipelineDesc desc;
  desc.vertex_spirv = vertex_words;
  desc.fragment_spirv = fragment_words;
  desc.color_format = color;
  desc.depth_format = depth;
  desc.samples = samples;
  return GraphicsPipeline(device, layout, desc, name);
}

}  // namespace

ColliderPipelines::ColliderPipelines(const Device& device, const RenderFormats& formats,
                                     VkFormat shadow_depth_format)
    : formats_(formats), layout_source_(make_collider_bindings(device, "collider pipelines")) {
  draw = make_pipeline(device, layout(), formats.color, formats.depth, formats.samples,
                       "collider.frag", "draw colliders");
  if (shadow_depth_format != VK_FORMAT_UNDEFINED) {
    shadow = make_pipeline(device, layout(), VK_FORMAT_UNDEFINED, shadow_depth_format,
                           VK_SAMPLE_COUNT_1_BIT, nullptr, "shadow of colliders");
  }
}

ColliderRenderer::ColliderRenderer(const Device& device, const GpuSolver& solver,
                                   const ColliderPipelines& pipelines, const Bounds& scene,
                                   float spacing)
    : device_(device),
      pipelines_(pipelines),
      bindings_(make_collider_bindings(device, "colliders")),
      plane_patch_(0.5f * (scene.lo + scene.hi), std::max(diagonal(scene), 1.0f)),
      spacing_(spacing) {
  // The kinds and the meshes' triangles never change while the solver lives.
  const std::vector<gpu::ColliderShape>& shapes = collider_shapes_now(solver);
  for (uint32_t k = 0; k < shapes.size(); ++k) {
    const gpu::ColliderShape& s = shapes[k];
    Draw draw;
    draw.shape = k;
    switch (s.kind) {
      case WEFT_COLLIDER_PLANE:
        draw.vertex_count = WEFT_PLANE_VERTICES;
        draw.casts_shadow = false;
        break;
      case WEFT_COLLIDER_CAPSULE: draw.vertex_count = WEFT_CAPSULE_VERTICES; break;
      case WEFT_COLLIDER_BOX: draw.vertex_count = WEFT_BOX_VERTICES; break;
      default:
        draw.first_vertex = 3 * s.first_triangle;
        draw.vertex_count = 3 * s.triangle_count;
        break;
    }
    if (draw.vertex_count > 0) draws_.push_back(draw);
  }
  bindings_.write(WEFT_COLLIDER_DRAW_BINDING_SHAPES, collider_shapes_of(solver));
  bindings_.write(WEFT_COLLIDER_DRAW_BINDING_TRIANGLES, collider_triangles_of(solver));
}

void ColliderRenderer::record(VkCommandBuffer cmd, VkPipeline pipeline, const SceneView& view,
                              bool shadow_casters_only) const {
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS);
  gpu::ColliderDrawPush values{};
  values.view_projection = view.view_projection;
  values.eye = glm::vec4(view.eye, 0.0f);
  values.light = glm::vec4(key_light_direction(), 0.0f);
  values.plane_patch = plane_patch_;
  values.encode_srgb = is_srgb_format(pipelines_.formats().color) ? 0u : 1u;
  values.spacing = spacing_;
  vkCmdPushConstants(cmd, pipelines_.layout(), kStages, 0, sizeof(values), &values);
  for (const Draw& draw : draws_) {
    if (shadow_casters_only && !draw.casts_shadow) continue;
    vkCmdDraw(cmd, draw.vertex_count, 1, draw.first_vertex, draw.shape);
  }
}

void ColliderRenderer::record_shadow(VkCommandBuffer cmd, const SceneView& light) const {
  if (draws_.empty() || !pipelines_.shadow) return;
  record(cmd, pipelines_.shadow->handle(), light, true);
}

void ColliderRenderer::record_draw(VkCommandBuffer cmd, const SceneView& view) const {
  if (draws_.empty()) return;
  DebugLabel label(device_, cmd, "draw colliders");
  record(cmd, pipelines_.draw.handle(), view, false);
}

}  // namespace weft
