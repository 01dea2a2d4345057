#include "app/render/scene_renderer.h"

#include <algorithm>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "app/render/framing.h"
#include "app/render/solver_view.h"
#include "engine/check.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/image.h"
#include "shaders/shader_library.h"

namespace weft {

namespace {

// Texels along each side of the shadow map: a few millimetres each for a scene a few metres
// across on a GPU; on a CPU device, where every texel drawn and compared costs, half that (the
// soft edge hides the difference at the viewer's size).
uint32_t default_shadow_map_size(const Device& device) {
  return device.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 512 : 2048;
}
constexpr VkShaderStageFlags kGroundStages =
    VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

DeviceHandle<VkPipelineLayout> create_ground_layout(const Device& device,
                                                    VkDescriptorSetLayout set_layout) {
  const VkPushConstantRange push{kGroundStages, 0, sizeof(gpu::DrawPush)};
  VkPipelineLayoutCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  info.setLayoutCount = 1;
  info.pSetLayouts = &set_layout;
  info.pushConstantRangeCount = 1;
  info.pPushConstantRanges = &push;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreatePipelineLayout(device.handle(), &info, nullptr, &layout));
  device.set_name(VK_OBJECT_TYPE_PIPELINE_LAYOUT, layout, "ground pipeline layout");
  return {device.handle(), layout, vkDestroyPipelineLayout};
}

GraphicsPipeline create_ground_pipeline(const Device& device, VkPipelineLayout layout,
                                        const RenderFormats& formats) {
  const std::vector<uint32_t> vertex = shaders::spirv("ground.vert");
  const std::vector<uint32_t> fragment = shaders::spirv("ground.frag");
  GraphicsPipelineDesc desc;
  desc.vertex_spirv = vertex;
  desc.fragment_spirv = fragment;
  desc.color_format = formats.color;
  desc.depth_format = formats.depth;
  desc.samples = formats.samples;
  return GraphicsPipeline(device, layout, desc, "draw ground");
}

}  // namespace

SceneRenderer::SceneRenderer(Device& device, std::span<const DrawnSystem> systems,
                             const RenderFormats& formats, uint32_t shadow_map_size)
    : device_(device),
      drawn_(systems.begin(), systems.end()),
      expected_(weft::expected_bounds(systems)),
      shadow_(device, shadow_map_size != 0 ? shadow_map_size : default_shadow_map_size(device)),
      pipelines_(device, formats, shadow_.format()),
      collider_pipelines_(device, formats, shadow_.format()),
      ground_layout_(create_ground_layout(device, shadow_.set_layout())),
      ground_pipeline_(create_ground_pipeline(device, ground_layout_.get(), formats)) {
  const float size = drawn_scene_diagonal(systems);
  float spacing = 0.0f;  // the longest edge of any triangle at rest
  for (const DrawnSystem& system : drawn_) {
    const std::vector<glm::vec3>& x = system.model->positions;
    for (const glm::uvec3& t : system.model->triangles) {
      spacing = std::max({spacing, glm::distance(x[t.x], x[t.y]), glm::distance(x[t.y], x[t.z]),
                          glm::distance(x[t.z], x[t.x])});
    }
  }
  for (const DrawnSystem& system : drawn_) {
    systems_.push_back(std::make_unique<SystemRenderer>(device, *system.solver, *system.model,
                                                        system.colors, pipelines_, size));
    colliders_.push_back(std::make_unique<ColliderRenderer>(
        device, *system.solver, collider_pipelines_, expected_, spacing));
  }
  shadow_.aim(expected_);
}

void SceneRenderer::aim_shadow(const Bounds& bounds) {
  shadow_.aim(bounds);
}

void SceneRenderer::set_dragged(size_t system, std::optional<uint32_t> particle) {
  systems_.at(system)->set_dragged(particle);
}

void SceneRenderer::set_pinned(size_t system, std::vector<uint32_t> particles) {
  systems_.at(system)->set_pinned(std::move(particles));
}

void SceneRenderer::set_link_parts(size_t system, std::span<const LinkCut> links,
                                   std::span<const float> at) {
  systems_.at(system)->set_link_parts(links, at);
}

bool SceneRenderer::has_ground() const {
  for (const DrawnSystem& system : drawn_) {
    if (ground_height_of(*system.solver)) return true;
  }
  return false;
}

void SceneRenderer::record_prepare(VkCommandBuffer cmd, const DrawSettings& settings) {
  for (const auto& system : systems_)
    system->record_prepare(cmd);
  // A scene without a ground has nothing to cast a shadow onto.
  shadow_.set_enabled(settings.shadows && has_ground());
  shadow_.record_update(cmd);
  if (!shadow_.enabled()) return;
  DebugLabel label(device_, cmd, "shadow map");
  shadow_.begin(cmd);
  for (const auto& system : systems_)
    system->record_shadow(cmd, shadow_.light_view());
  for (const auto& colliders : colliders_)
    colliders->record_shadow(cmd, shadow_.light_view());
  shadow_.end(cmd);
}

void SceneRenderer::draw_ground(VkCommandBuffer cmd, const SceneView& view) const {
  DebugLabel label(device_, cmd, "draw ground");
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, ground_pipeline_.handle());
  const VkDescriptorSet set = shadow_.set();
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, ground_layout_.get(), 0, 1, &set, 0,
                          nullptr);
  // Each system's ground (scenes give their systems one ground; a live edit may move one).
  for (const DrawnSystem& system : drawn_) {
    const std::optional<float> ground = ground_height_of(*system.solver);
    if (!ground) continue;
    gpu::DrawPush values{};
    values.view_projection = view.view_projection;
    values.eye = glm::vec4(view.eye, 0.0f);
    values.light = glm::vec4(key_light_direction(), *ground);
    values.viewport_width = static_cast<float>(view.extent.width);
    values.viewport_height = static_cast<float>(view.extent.height);
    values.encode_srgb = is_srgb_format(pipelines_.formats().color) ? 0u : 1u;
    vkCmdPushConstants(cmd, ground_layout_.get(), kGroundStages, 0, sizeof(values), &values);
    vkCmdDraw(cmd, 6, 1, 0, 0);
  }
}

void SceneRenderer::record_draw(VkCommandBuffer cmd, const SceneView& view,
                                const DrawSettings& settings) const {
  // The ground first: what rests on it (a rope, a draped cloth) wins the depth ties.
  if (has_ground()) draw_ground(cmd, view);
  for (const auto& colliders : colliders_)
    colliders->record_draw(cmd, view);
  for (const auto& system : systems_)
    system->record_draw(cmd, view, settings);
}

void SceneRenderer::record_after_draw(VkCommandBuffer cmd) const {
  for (const auto& system : systems_)
    system->record_after_draw(cmd);
}

}  // namespace weft
