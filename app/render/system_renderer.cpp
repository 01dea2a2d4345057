#include "app/render/system_renderer.h"

#include <algorithm>
#include <stdexcept>

#include "app/render/render_mesh.h"
#include "app/render/render_pipelines.h"
#include "engine/barriers.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/image.h"
#include "app/render/solver_view.h"
#include "sim/model/grid_layout.h"
#include "sim/model/model.h"

namespace weft {

namespace {

constexpr VkBufferUsageFlags kStorage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
// sphere.vert's latitude-longitude mesh: 32 slices x 16 stacks of two triangles.
constexpr uint32_t kSphereVertices = 32 * 16 * 6;
// marker.vert's impostor: one square of two triangles.
constexpr uint32_t kMarkerVertices = 6;
// Where the key light comes from: above and to the right of the default view, and from its side,
// so that what faces the camera is lit (a curtain across the view too) and shadows fall to the
// left and behind what casts them, where the camera still sees them from above.
const glm::vec3 kToLight = glm::normalize(glm::vec3(0.55f, 0.75f, 0.35f));
// The share of its distance to the eye by which cloth, lines and particles are drawn nearer
// (render_bindings.glsl: pulled_to_eye): 3 mm at 1 m. It moves a surface's depth by about 300
// steps of a 32-bit depth buffer at any distance (docs/viewer.md, What is drawn), far more than
// the rounding of two coplanar surfaces, and hides nothing a person could see.
constexpr float kPullToEye = 0.003f;

template <typename T>
Buffer make_filled(const Device& device, const std::vector<T>& values, VkBufferUsageFlags usage,
                   const std::string& name) {
  Buffer buffer(device, values.size() * sizeof(T), usage, MemoryKind::device_local, name);
  if (!values.empty()) upload_to_buffer(device, buffer, values.data(), values.size() * sizeof(T));
  return buffer;
}

}  // namespace

glm::vec3 key_light_direction() {
  return kToLight;
}

SystemRenderer::SystemRenderer(Device& device, const GpuSolver& solver, const Model& model,
                               std::span<const ParticleColors> colors,
                               const RenderPipelines& pipelines, float scene_diagonal)
    : device_(device),
      solver_(solver),
      pipelines_(pipelines),
      bindings_(make_render_bindings(device, "render")),
      style_(render_style(model, scene_diagonal)),
      vertex_count_(model.particle_count()) {
  if (model.particle_count() != particle_count_of(solver)) {
    throw std::logic_error("SystemRenderer: the model is not the solver's");
  }
  normals_ = Buffer(device, VkDeviceSize{vertex_count_} * 16,
                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT,  // tests read them back
                    MemoryKind::device_local, "normals");
  const CornerAdjacency adjacency = build_corner_adjacency(vertex_count_, model.triangles);
  corner_offsets_ = make_filled(device, adjacency.offsets, kStorage, "triangle corner offsets");
  corners_ = make_filled(device, adjacency.corners, kStorage, "triangle corners");
  tears_ = model_tears(model);
  // A cloth that cannot tear reads none of these: one placeholder each.
  corner_tears_ =
      make_filled(device, tears_ ? corner_tear_bits(model, adjacency) : std::vector<uint32_t>{0},
                  kStorage, "triangle corner tears");
  triangles_ =
      make_filled(device, tears_ ? render_triangles(model) : std::vector<gpu::RenderTriangle>{{}},
                  kStorage, "triangles, whole");
  torn_ = tears_ ? torn_triangles(model) : std::vector<gpu::TornTriangle>{{}};
  torn_triangles_ = make_filled(device, torn_, kStorage, "triangles, torn");
  if (tears_) {
    for (size_t g : tearable_grids(model))
      tearing_grids_.push_back(model.grids[g]);
    for (uint32_t t = 0; t < model.triangles.size(); ++t) {
      for (uint32_t e = 0; e < 3; ++e) {
        const uint32_t a = model.triangles[t][e], b = model.triangles[t][(e + 1) % 3];
        edges_of_link_[uint64_t{std::min(a, b)} << 32 | std::max(a, b)].emplace_back(t * 3 + e, a);
      }
    }
  }
  std::vector<gpu::RenderLink> links = render_links(model);
  line_link_count_ = move_line_links_first(links, model);
  link_count_ = static_cast<uint32_t>(links.size());
  links_ = make_filled(device, links, kStorage, "render links");
  pinned_ = pinned_particles(model);
  pinned_count_ = static_cast<uint32_t>(pinned_.size());
  // Room for every particle pinned by hand, and the dragged particle's slot after the pins.
  std::vector<uint32_t> markers(size_t{vertex_count_} + 1, 0);
  std::copy(pinned_.begin(), pinned_.end(), markers.begin());
  markers_ = make_filled(device, markers, kStorage, "markers");
  const std::vector<gpu::RenderParticle> free = free_particles(model);
  free_particle_count_ = static_cast<uint32_t>(free.size());
  particles_ = make_filled(device, free, kStorage, "free particles");
  style_buffer_ = make_filled(device, std::vector<gpu::RenderStyle>{style_}, kStorage, "style");
  colors_ = make_filled(device, packed_colors(vertex_count_, colors), kStorage, "fabric colours");
  patterns_ = make_filled(device, fabric_patterns(model, colors), kStorage, "fabric checks");
  std::vector<uint32_t> indices;
  indices.reserve(model.triangles.size() * 3);
  for (const glm::uvec3& t : model.triangles)
    indices.insert(indices.end(), {t.x, t.y, t.z});
  index_count_ = static_cast<uint32_t>(indices.size());
  indices_ = make_filled(device, indices,
                         VK_BUFFER_USAGE_INDEX_BUFFER_BIT | kStorage |
                             VK_BUFFER_USAGE_TRANSFER_SRC_BIT,  // tests read them back
                         "cloth triangles");

  bindings_.write(WEFT_RENDER_BINDING_POSITIONS, positions_of(solver));
  bindings_.write(WEFT_RENDER_BINDING_NORMALS, normals_);
  bindings_.write(WEFT_RENDER_BINDING_CORNER_OFFSETS, corner_offsets_);
  bindings_.write(WEFT_RENDER_BINDING_CORNERS, corners_);
  bindings_.write(WEFT_RENDER_BINDING_LINKS, links_);
  bindings_.write(WEFT_RENDER_BINDING_SPHERES, spheres_of(solver));
  bindings_.write(WEFT_RENDER_BINDING_MARKERS, markers_);
  bindings_.write(WEFT_RENDER_BINDING_PARTICLES, particles_);
  bindings_.write(WEFT_RENDER_BINDING_STYLE, style_buffer_);
  bindings_.write(WEFT_RENDER_BINDING_LINK_STATE, link_state_of(solver));
  bindings_.write(WEFT_RENDER_BINDING_TRIANGLES, triangles_);
  bindings_.write(WEFT_RENDER_BINDING_CORNER_TEARS, corner_tears_);
  bindings_.write(WEFT_RENDER_BINDING_DRAWN, indices_);
  bindings_.write(WEFT_RENDER_BINDING_COLORS, colors_);
  bindings_.write(WEFT_RENDER_BINDING_TORN_TRIANGLES, torn_triangles_);
  bindings_.write(WEFT_RENDER_BINDING_PATTERNS, patterns_);
}

void SystemRenderer::set_dragged(std::optional<uint32_t> particle) {
  if (particle != dragged_) markers_dirty_ = true;
  dragged_ = particle;
}

void SystemRenderer::set_pinned(std::vector<uint32_t> particles) {
  pinned_ = std::move(particles);
  pins_dirty_ = true;
  markers_dirty_ = true;
}

void SystemRenderer::set_link_parts(std::span<const LinkCut> links, std::span<const float> at) {
  for (size_t k = 0; k < links.size() && k < at.size(); ++k) {
    const uint32_t particle = links[k].particle;
    const auto grid = std::find_if(tearing_grids_.begin(), tearing_grids_.end(),
                                   [&](const GridLayout& g) { return g.holds(particle); });
    if (grid == tearing_grids_.end() || links[k].direction >= 8) continue;
    const GridDirection& d = kGridDirections[links[k].direction];
    const uint32_t node = particle - grid->first_particle;
    const int column = static_cast<int>(node % grid->columns) + d.column_offset;
    const int row = static_cast<int>(node / grid->columns) + d.row_offset;
    if (column < 0 || row < 0 || column >= static_cast<int>(grid->columns) ||
        row >= static_cast<int>(grid->rows)) {
      continue;
    }
    const uint32_t other = grid->first_particle + static_cast<uint32_t>(row) * grid->columns +
                           static_cast<uint32_t>(column);
    const auto found =
        edges_of_link_.find(uint64_t{std::min(particle, other)} << 32 | std::max(particle, other));
    if (found == edges_of_link_.end()) continue;  // a shear link across a cell: no triangle's edge
    for (const auto& [slot, first] : found->second) {
      const uint32_t t = slot / 3, e = slot % 3;
      torn_[t].parts[static_cast<int>(e)] = first == particle ? at[k] : 1.0f - at[k];
      parts_changed_.push_back(t);
    }
  }
}

void SystemRenderer::record_prepare(VkCommandBuffer cmd) {
  if (!parts_changed_.empty()) {
    DebugLabel label(device_, cmd, "update torn triangles");
    // The previous frame's draws may still read them.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_NONE,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    std::sort(parts_changed_.begin(), parts_changed_.end());
    parts_changed_.erase(std::unique(parts_changed_.begin(), parts_changed_.end()),
                         parts_changed_.end());
    for (const uint32_t t : parts_changed_) {
      vkCmdUpdateBuffer(cmd, torn_triangles_.handle(), VkDeviceSize{t} * sizeof(gpu::TornTriangle),
                        sizeof(gpu::TornTriangle), &torn_[t]);
    }
    parts_changed_.clear();
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
  }
  if (markers_dirty_ && (dragged_ || pins_dirty_)) {
    DebugLabel label(device_, cmd, "update markers");
    // The previous frame's draws may still read the marker list.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_NONE,
                   VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    if (pins_dirty_) {
      // vkCmdUpdateBuffer writes at most 65536 bytes at a time.
      constexpr size_t kChunk = 65536 / 4;
      for (size_t at = 0; at < pinned_.size(); at += kChunk) {
        const size_t count = std::min(kChunk, pinned_.size() - at);
        vkCmdUpdateBuffer(cmd, markers_.handle(), VkDeviceSize{at} * 4, count * 4,
                          pinned_.data() + at);
      }
      pinned_count_ = static_cast<uint32_t>(pinned_.size());
      pins_dirty_ = false;
    }
    if (dragged_) {
      const uint32_t particle = *dragged_;
      vkCmdUpdateBuffer(cmd, markers_.handle(), VkDeviceSize{pinned_count_} * 4, 4, &particle);
    }
  }
  markers_dirty_ = false;

  // The previous frame's draws read the normals (and the index buffer) these passes overwrite.
  memory_barrier(
      cmd, VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT | VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT,
      VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_COMPUTE);
  auto dispatch = [&](const ComputePipeline& pipeline, uint32_t threads) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.handle());
    const gpu::NormalsPush values{threads, tears_ ? 1u : 0u, 0, 0};
    vkCmdPushConstants(cmd, bindings_.pipeline_layout(), kRenderStages, 0, sizeof(values), &values);
    const uint32_t groups = (threads + WEFT_GROUP_SIZE - 1) / WEFT_GROUP_SIZE;
    const uint32_t x = std::min<uint32_t>(groups, WEFT_MAX_GROUPS_X);
    if (groups > 0) vkCmdDispatch(cmd, x, (groups + x - 1) / x, 1);
  };
  if (tears_ && index_count_ > 0) {
    DebugLabel label(device_, cmd, "open torn cloth");
    dispatch(pipelines_.open_torn_cloth, index_count_ / 3);
  }
  DebugLabel label(device_, cmd, "normals");
  dispatch(pipelines_.normals, vertex_count_);
  // Normals and the solver's positions (compute writes; anchors, masses and colliders also
  // by transfer) are read as vertex attributes and in the vertex shaders.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT |
                     VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                 VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT |
                     VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
}

gpu::DrawPush SystemRenderer::make_push(const SceneView& view, const DrawSettings& settings,
                                        uint32_t mode) const {
  gpu::DrawPush values{};
  values.view_projection = view.view_projection;
  values.eye = glm::vec4(view.eye, view.pull_to_eye ? kPullToEye : 0.0f);
  values.light = glm::vec4(kToLight, ground_height_of(solver_).value_or(0.0f));
  const float scale = std::max(settings.strain_scale, 1e-6f);
  // A rope is only its links: drawn thicker than a cloth's, whose links lie side by side.
  const float width = index_count_ == 0 ? 3.0f : 1.0f;
  values.strain_style = glm::vec4(scale, width, settings.widen_by_strain ? 3.0f : 0.0f, 0.0f);
  values.viewport_width = static_cast<float>(view.extent.width);
  values.viewport_height = static_cast<float>(view.extent.height);
  values.mode = mode;
  values.encode_srgb = is_srgb_format(pipelines_.formats().color) ? 0u : 1u;
  return values;
}

void SystemRenderer::push(VkCommandBuffer cmd, const gpu::DrawPush& values) const {
  vkCmdPushConstants(cmd, bindings_.pipeline_layout(), kRenderStages, 0, sizeof(values), &values);
}

void SystemRenderer::draw_cloth(VkCommandBuffer cmd, VkPipeline pipeline) const {
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  const VkBuffer vertex_buffers[2] = {positions_of(solver_).handle(), normals_.handle()};
  const VkDeviceSize offsets[2] = {0, 0};
  vkCmdBindVertexBuffers(cmd, 0, 2, vertex_buffers, offsets);
  vkCmdBindIndexBuffer(cmd, indices_.handle(), 0, VK_INDEX_TYPE_UINT32);
  vkCmdDrawIndexed(cmd, index_count_, 1, 0, 0, 0);
}

void SystemRenderer::draw_torn_cloth(VkCommandBuffer cmd, VkPipeline pipeline) const {
  if (!tears_ || index_count_ == 0) return;
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  vkCmdDraw(cmd, index_count_ / 3 * 9, 1, 0, 0);  // torn_cloth.vert: nine per triangle
}

void SystemRenderer::record_shadow(VkCommandBuffer cmd, const SceneView& light) const {
  const ShadowCasterPipelines& casters = *pipelines_.shadow;
  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS);
  gpu::DrawPush values = make_push(light, DrawSettings{}, WEFT_MARKER_NONE);
  push(cmd, values);
  if (index_count_ > 0) draw_cloth(cmd, casters.cloth.handle());
  draw_torn_cloth(cmd, casters.torn_cloth.handle());
  if (line_link_count_ > 0) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, casters.lines.handle());
    vkCmdDraw(cmd, line_link_count_ * 6, 1, 0, 0);
  }
  if (free_particle_count_ > 0) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, casters.particles.handle());
    vkCmdDraw(cmd, free_particle_count_ * 6, 1, 0, 0);
  }
  const uint32_t spheres = sphere_count_of(solver_);
  if (spheres > 0) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, casters.spheres.handle());
    vkCmdDraw(cmd, kSphereVertices, spheres, 0, 0);
  }
  draw_markers(cmd, casters.markers.handle(), values);
}

void SystemRenderer::record_draw(VkCommandBuffer cmd, const SceneView& view,
                                 const DrawSettings& settings) const {
  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS);
  const gpu::DrawPush values = make_push(view, settings, WEFT_MARKER_NONE);
  push(cmd, values);
  if (const uint32_t spheres = sphere_count_of(solver_); spheres > 0) {
    DebugLabel label(device_, cmd, "draw colliders");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines_.spheres.handle());
    vkCmdDraw(cmd, kSphereVertices, spheres, 0, 0);
  }
  if (settings.springs_view) {
    DebugLabel label(device_, cmd, "draw springs");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines_.springs.handle());
    if (link_count_ > 0) vkCmdDraw(cmd, link_count_ * 6, 1, 0, 0);
  } else {
    if (index_count_ > 0) {
      DebugLabel label(device_, cmd, "draw cloth");
      draw_cloth(cmd, pipelines_.cloth.handle());
      draw_torn_cloth(cmd, pipelines_.torn_cloth.handle());
    }
    if (line_link_count_ > 0) {
      DebugLabel label(device_, cmd, "draw lines");
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines_.lines.handle());
      vkCmdDraw(cmd, line_link_count_ * 6, 1, 0, 0);
    }
  }
  if (free_particle_count_ > 0) {
    DebugLabel label(device_, cmd, "draw particles");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines_.particles.handle());
    vkCmdDraw(cmd, free_particle_count_ * 6, 1, 0, 0);
  }
  if (settings.show_markers) {
    DebugLabel label(device_, cmd, "draw pins");
    draw_markers(cmd, pipelines_.markers.handle(), values);
  }
}

void SystemRenderer::draw_markers(VkCommandBuffer cmd, VkPipeline pipeline,
                                  gpu::DrawPush values) const {
  if (pinned_count_ == 0 && !dragged_) return;
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  values.mode = WEFT_MARKER_PINNED;
  push(cmd, values);
  if (pinned_count_ > 0) vkCmdDraw(cmd, kMarkerVertices * pinned_count_, 1, 0, 0);
  if (dragged_) {
    values.mode = WEFT_MARKER_DRAGGED;
    push(cmd, values);
    vkCmdDraw(cmd, kMarkerVertices, 1, kMarkerVertices * pinned_count_, 0);  // after the pins
  }
}

void SystemRenderer::record_after_draw(VkCommandBuffer cmd) const {
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
