#include "app/render/cloth_renderer.h"

#include <algorithm>

#include <glm/geometric.hpp>

#include "app/render/render_mesh.h"
#include "engine/barriers.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/image.h"
#include "shaders/shader_library.h"
#include "sim/gpu_solver.h"
#include "sim/modules/colliders.h"

namespace weft {

namespace {

constexpr VkShaderStageFlags kStages =
    VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT | VK_SHADER_STAGE_COMPUTE_BIT;
constexpr VkBufferUsageFlags kStorage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
// marker.vert's latitude-longitude mesh: 32 slices x 16 stacks of two triangles.
constexpr uint32_t kMarkerVertices = 32 * 16 * 6;
// Where the key light comes from: above, in front and to the right of the default view.
const glm::vec3 kToLight = glm::normalize(glm::vec3(0.35f, 0.9f, 0.5f));

template <typename T>
Buffer make_filled(const Device& device, const std::vector<T>& values, VkBufferUsageFlags usage,
                   const std::string& name) {
  Buffer buffer(device, values.size() * sizeof(T), usage, MemoryKind::device_local, name);
  upload_to_buffer(device, buffer, values.data(), values.size() * sizeof(T));
  return buffer;
}

GraphicsPipelineDesc describe(const RenderFormats& formats, const char* vertex,
                              const char* fragment, std::vector<uint32_t>& vertex_words,
                              std::vector<uint32_t>& fragment_words) {
  vertex_words = shaders::spirv(vertex);
  fragment_words = shaders::spirv(fragment);
  GraphicsPipelineDesc desc;
  desc.vertex_spirv = vertex_words;
  desc.fragment_spirv = fragment_words;
  desc.color_format = formats.color;
  desc.depth_format = formats.depth;
  desc.samples = formats.samples;
  return desc;
}

GraphicsPipeline make_pipeline(const Device& device, VkPipelineLayout layout,
                               const RenderFormats& formats, const char* vertex,
                               const char* fragment, const std::string& name,
                               bool cloth_vertex_input = false) {
  std::vector<uint32_t> vertex_words;
  std::vector<uint32_t> fragment_words;
  GraphicsPipelineDesc desc = describe(formats, vertex, fragment, vertex_words, fragment_words);
  if (cloth_vertex_input) {
    // Binding 0: the solver's positions (xyz + inverse mass); binding 1: the normals.
    desc.vertex_bindings = {{0, 16, VK_VERTEX_INPUT_RATE_VERTEX},
                            {1, 16, VK_VERTEX_INPUT_RATE_VERTEX}};
    desc.vertex_attributes = {{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0},
                              {1, 1, VK_FORMAT_R32G32B32A32_SFLOAT, 0}};
  }
  return GraphicsPipeline(device, layout, desc, name);
}

// The solver's colliders, which the scene pass draws from the solver's own buffer.
const Colliders& colliders(const GpuSolver& solver) {
  return *solver.core().find<Colliders>();
}
const Buffer& colliders_buffer(const GpuSolver& solver) {
  return solver.module_buffer(colliders(solver).index, WEFT_COLLIDERS_BINDING_SPHERES);
}

}  // namespace

ClothRenderer::ClothRenderer(Device& device, const GpuSolver& solver, const Model& model,
                             const RenderFormats& formats)
    : device_(device),
      solver_(solver),
      formats_(formats),
      bindings_(device, WEFT_RENDER_BINDING_COUNT, sizeof(gpu::DrawPush), kStages, "render"),
      normals_pipeline_(device, bindings_.pipeline_layout(), shaders::spirv("compute_normals.comp"),
                        "normals"),
      cloth_pipeline_(make_pipeline(device, bindings_.pipeline_layout(), formats, "cloth.vert",
                                    "cloth.frag", "draw cloth", true)),
      springs_pipeline_(make_pipeline(device, bindings_.pipeline_layout(), formats, "springs.vert",
                                      "springs.frag", "draw springs")),
      ground_pipeline_(make_pipeline(device, bindings_.pipeline_layout(), formats, "ground.vert",
                                     "ground.frag", "draw ground")),
      marker_pipeline_(make_pipeline(device, bindings_.pipeline_layout(), formats, "marker.vert",
                                     "marker.frag", "draw markers")),
      vertex_count_(model.particle_count()) {
  if (model.particle_count() != solver.core().particle_count()) {
    throw std::logic_error("ClothRenderer: the model is not the solver's");
  }
  normals_ = Buffer(device, VkDeviceSize{vertex_count_} * 16,
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT,  // tests read them back
                    MemoryKind::device_local, "normals");
  const CornerAdjacency adjacency = build_corner_adjacency(vertex_count_, model.triangles);
  corner_offsets_ = make_filled(device, adjacency.offsets, kStorage, "triangle corner offsets");
  corners_ = make_filled(device, adjacency.corners, kStorage, "triangle corners");
  const std::vector<gpu::RenderLink> links = render_links(model);
  link_count_ = static_cast<uint32_t>(links.size());
  links_ = make_filled(device, links, kStorage, "render links");
  std::vector<uint32_t> markers = pinned_particles(model);
  pinned_count_ = static_cast<uint32_t>(markers.size());
  markers.push_back(0);  // the dragged particle's slot
  markers_ = make_filled(device, markers, kStorage, "markers");
  std::vector<uint32_t> indices;
  indices.reserve(model.triangles.size() * 3);
  for (const glm::uvec3& t : model.triangles)
    indices.insert(indices.end(), {t.x, t.y, t.z});
  index_count_ = static_cast<uint32_t>(indices.size());
  indices_ =
      make_filled(device, indices, VK_BUFFER_USAGE_INDEX_BUFFER_BIT | kStorage, "cloth triangles");

  bindings_.write(WEFT_RENDER_BINDING_POSITIONS, solver.positions());
  bindings_.write(WEFT_RENDER_BINDING_NORMALS, normals_);
  bindings_.write(WEFT_RENDER_BINDING_CORNER_OFFSETS, corner_offsets_);
  bindings_.write(WEFT_RENDER_BINDING_CORNERS, corners_);
  bindings_.write(WEFT_RENDER_BINDING_LINKS, links_);
  bindings_.write(WEFT_RENDER_BINDING_SPHERES, colliders_buffer(solver));
  bindings_.write(WEFT_RENDER_BINDING_MARKERS, markers_);

  // Markers a little larger than a cloth cell would vanish in a coarse grid and hide a fine
  // one; a share of the scene's size reads well at every resolution.
  const Bounds bounds = scene_bounds(model);
  marker_radius_ = std::max(0.012f * glm::length(bounds.hi - bounds.lo), 1e-3f);
}

void ClothRenderer::set_dragged(std::optional<uint32_t> particle) {
  if (particle != dragged_) markers_dirty_ = true;
  dragged_ = particle;
}

void ClothRenderer::record_prepare(VkCommandBuffer cmd) {
  if (markers_dirty_ && dragged_) {
    DebugLabel label(device_, cmd, "update markers");
    // The previous frame's draws may still read the marker list.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_NONE,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    const uint32_t particle = *dragged_;
    vkCmdUpdateBuffer(cmd, markers_.handle(), VkDeviceSize{pinned_count_} * 4, 4, &particle);
  }
  markers_dirty_ = false;

  DebugLabel label(device_, cmd, "normals");
  // The previous frame's draws read the normals this pass overwrites.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT, VK_ACCESS_2_NONE,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_COMPUTE);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, normals_pipeline_.handle());
  const gpu::NormalsPush push{vertex_count_, 0, 0, 0};
  vkCmdPushConstants(cmd, bindings_.pipeline_layout(), kStages, 0, sizeof(push), &push);
  const uint32_t groups = (vertex_count_ + WEFT_GROUP_SIZE - 1) / WEFT_GROUP_SIZE;
  const uint32_t x = std::min<uint32_t>(groups, WEFT_MAX_GROUPS_X);
  if (groups > 0) vkCmdDispatch(cmd, x, (groups + x - 1) / x, 1);
  // Normals and the solver's positions (compute writes; anchors, masses and colliders also
  // by transfer) are read as vertex attributes and in the vertex shaders.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT |
                     VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                 VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT |
                     VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
}

gpu::DrawPush ClothRenderer::make_push(const SceneView& view, const DrawSettings& settings,
                                       uint32_t mode) const {
  gpu::DrawPush push{};
  push.view_projection = view.view_projection;
  push.eye = glm::vec4(view.eye, marker_radius_);
  push.light = glm::vec4(kToLight, solver_.core().params().ground.x);
  const float scale = std::max(settings.strain_scale, 1e-6f);
  // A rope is only its links: drawn thicker than a cloth's, whose links lie side by side.
  const float width = index_count_ == 0 ? 3.0f : 1.0f;
  push.strain_style = glm::vec4(scale, width, settings.widen_by_strain ? 3.0f : 0.0f, 0.0f);
  push.viewport_width = static_cast<float>(view.extent.width);
  push.viewport_height = static_cast<float>(view.extent.height);
  push.mode = mode;
  push.encode_srgb = is_srgb_format(formats_.color) ? 0u : 1u;
  return push;
}

void ClothRenderer::record_draw(VkCommandBuffer cmd, const SceneView& view,
                                const DrawSettings& settings) const {
  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS);
  const auto push = [&](uint32_t mode) {
    const gpu::DrawPush values = make_push(view, settings, mode);
    vkCmdPushConstants(cmd, bindings_.pipeline_layout(), kStages, 0, sizeof(values), &values);
  };
  const gpu::SimParams& params = solver_.core().params();
  const auto sphere_count = static_cast<uint32_t>(colliders(solver_).spheres().size());
  if (params.ground_mode != WEFT_GROUND_NONE) {
    DebugLabel label(device_, cmd, "draw ground");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, ground_pipeline_.handle());
    push(WEFT_MARKER_SPHERE);
    vkCmdDraw(cmd, 6, 1, 0, 0);
  }
  if (sphere_count > 0) {
    DebugLabel label(device_, cmd, "draw colliders");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, marker_pipeline_.handle());
    push(WEFT_MARKER_SPHERE);
    vkCmdDraw(cmd, kMarkerVertices, sphere_count, 0, 0);
  }
  // A model without triangles (a rope) is only visible as links.
  if (settings.springs_view || index_count_ == 0) {
    DebugLabel label(device_, cmd, "draw springs");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, springs_pipeline_.handle());
    push(WEFT_MARKER_SPHERE);
    if (link_count_ > 0) vkCmdDraw(cmd, link_count_ * 6, 1, 0, 0);
  } else {
    DebugLabel label(device_, cmd, "draw cloth");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, cloth_pipeline_.handle());
    push(WEFT_MARKER_SPHERE);
    const VkBuffer vertex_buffers[2] = {solver_.positions().handle(), normals_.handle()};
    const VkDeviceSize offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(cmd, 0, 2, vertex_buffers, offsets);
    vkCmdBindIndexBuffer(cmd, indices_.handle(), 0, VK_INDEX_TYPE_UINT32);
    vkCmdDrawIndexed(cmd, index_count_, 1, 0, 0, 0);
  }
  if (settings.show_markers) draw_markers(cmd, view, settings);
}

void ClothRenderer::draw_markers(VkCommandBuffer cmd, const SceneView& view,
                                 const DrawSettings& settings) const {
  if (pinned_count_ == 0 && !dragged_) return;
  DebugLabel label(device_, cmd, "draw pins");
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, marker_pipeline_.handle());
  gpu::DrawPush push = make_push(view, settings, WEFT_MARKER_PINNED);
  vkCmdPushConstants(cmd, bindings_.pipeline_layout(), kStages, 0, sizeof(push), &push);
  if (pinned_count_ > 0) vkCmdDraw(cmd, kMarkerVertices, pinned_count_, 0, 0);
  if (dragged_) {
    push.mode = WEFT_MARKER_DRAGGED;
    vkCmdPushConstants(cmd, bindings_.pipeline_layout(), kStages, 0, sizeof(push), &push);
    vkCmdDraw(cmd, kMarkerVertices, 1, 0, pinned_count_);  // the instance after the pins
  }
}

void ClothRenderer::record_after_draw(VkCommandBuffer cmd) const {
  // Reads only: an execution dependency is all a later write needs.
  memory_barrier(cmd,
                 VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT |
                     VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
                     VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                 VK_ACCESS_2_NONE,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_NONE);
}

}  // namespace weft
