// How one system of a scene is drawn, straight from its solver's positions buffer so that nothing
// goes through the CPU per frame: per-vertex normals computed on the GPU, the sphere colliders,
// the cloth (both sides lit) or, in the springs view, every spring and constraint coloured and
// widened by its strain; the particles in no triangle as small spheres and the links between
// them as thick lines (ropes, free particles); and markers on pinned and dragged particles. The
// same shapes, seen from the key light, are what casts the shadow on the ground.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "engine/buffer.h"
#include "app/scene/scene_colors.h"
#include "engine/storage_bindings.h"
#include "sim/model/gpu_types.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"

namespace weft {

class Device;
class GpuSolver;
class RenderPipelines;

struct DrawSettings {
  bool springs_view = false;    // links coloured by strain instead of the shaded cloth
  bool widen_by_strain = true;  // springs view: strained links are drawn wider
  float strain_scale = 0.02f;   // strain drawn at full colour (and full extra width), > 0
  bool show_markers = true;     // pinned and dragged particles
  bool shadows = true;          // the key light's shadow on the ground
};

// What a camera (or the key light) sees, for one frame.
struct SceneView {
  glm::mat4 view_projection{1.0f};
  glm::vec3 eye{0.0f};
  VkExtent2D extent{};
  // Cloth, lines and particles drawn a hair nearer the eye (kPullToEye), so that what rests on
  // the ground or a collider covers it: a camera's view; not the key light's.
  bool pull_to_eye = true;
};

// The unit direction towards the key light, in the world. The shading and the shadow map both
// use it.
glm::vec3 key_light_direction();

class SystemRenderer {
 public:
  // `model` must be the model the solver was built from (its triangles, links and pins);
  // `colors` (linear) colour its objects; `scene_diagonal` (m) sizes particles, lines and
  // markers (render_mesh.h: render_style).
  SystemRenderer(Device& device, const GpuSolver& solver, const Model& model,
                 std::span<const ParticleColors> colors, const RenderPipelines& pipelines,
                 float scene_diagonal);

  // Marks the dragged particle (or none) from the next prepared frame on.
  void set_dragged(std::optional<uint32_t> particle);
  // Marks these particles as pinned from the next prepared frame on (pins edited by hand).
  void set_pinned(std::vector<uint32_t> particles);
  // From the next prepared frame on, the drawn cloth opens along each of these links (the
  // knife's cuts) at its share `at` of the way from the cut's particle to its other end, instead
  // of at its middle. Links of no tearing grid are left alone.
  void set_link_parts(std::span<const LinkCut> links, std::span<const float> at);

  // Records the compute work of the frame, after the solver's passes and outside any pass: the
  // marker list when it changed, then the normals, with the barriers that make both (and the
  // solver's positions) visible to the draws.
  void record_prepare(VkCommandBuffer cmd);
  // Records the shadow casters' draws, inside the shadow map's pass: `light` is the key light's
  // orthographic view of the scene.
  void record_shadow(VkCommandBuffer cmd, const SceneView& light) const;
  // Records the draws, inside a scene pass begun on render targets of the pipelines' formats.
  void record_draw(VkCommandBuffer cmd, const SceneView& view, const DrawSettings& settings) const;
  // Records, after the scene pass, that the draws' reads come before anything the next frame
  // writes into the buffers they read (the solver's positions, the normals, the markers).
  void record_after_draw(VkCommandBuffer cmd) const;

  // xyz: the normal of each vertex (vec4), written by record_prepare.
  const Buffer& normals() const { return normals_; }
  // The index buffer the cloth is drawn from (a torn triangle collapsed to its first corner).
  const Buffer& drawn_indices() const { return indices_; }
  uint32_t triangle_count() const { return index_count_ / 3; }
  uint32_t link_count() const { return link_count_; }
  uint32_t line_link_count() const { return line_link_count_; }
  uint32_t free_particle_count() const { return free_particle_count_; }
  const gpu::RenderStyle& style() const { return style_; }

 private:
  gpu::DrawPush make_push(const SceneView& view, const DrawSettings& settings, uint32_t mode) const;
  void push(VkCommandBuffer cmd, const gpu::DrawPush& values) const;
  void draw_cloth(VkCommandBuffer cmd, VkPipeline pipeline) const;
  // The pieces of the torn triangles (nothing unless the cloth can tear).
  void draw_torn_cloth(VkCommandBuffer cmd, VkPipeline pipeline) const;
  void draw_markers(VkCommandBuffer cmd, VkPipeline pipeline, gpu::DrawPush values) const;

  Device& device_;
  const GpuSolver& solver_;
  const RenderPipelines& pipelines_;
  StorageBindings bindings_;
  Buffer normals_;
  Buffer corner_offsets_;
  Buffer corners_;
  Buffer links_;      // the line links first (render_mesh.h: move_line_links_first)
  Buffer markers_;    // the pinned particles, then a slot for the dragged one: room for every
                      // particle pinned, plus one
  Buffer particles_;  // the free particles
  Buffer style_buffer_;
  Buffer colors_;          // per particle: packed linear RGB (render_mesh.h: packed_colors)
  Buffer patterns_;        // per particle: its place in its fabric's check (fabric_patterns)
  Buffer indices_;         // drawn: rewritten every frame for a cloth that tears
  Buffer triangles_;       // gpu::RenderTriangle: what open_torn_cloth.comp rewrites them from
  Buffer torn_triangles_;  // gpu::TornTriangle: how torn_cloth.vert draws them once torn
  Buffer corner_tears_;    // per corner: the links whose tearing leaves its triangle out
  bool tears_ = false;     // some cloth of the model can tear
  std::vector<gpu::TornTriangle> torn_;  // as torn_triangles_ holds them
  std::vector<GridLayout> tearing_grids_;
  // Per link of a tearing grid (key: its ends, lower index high), the triangle edges along it:
  // triangle * 3 + edge, and the edge's first vertex.
  std::unordered_map<uint64_t, std::vector<std::pair<uint32_t, uint32_t>>> edges_of_link_;
  std::vector<uint32_t> parts_changed_;  // triangles whose parts changed since the last frame
  gpu::RenderStyle style_{};
  uint32_t vertex_count_ = 0;
  uint32_t index_count_ = 0;
  uint32_t link_count_ = 0;
  uint32_t line_link_count_ = 0;
  uint32_t free_particle_count_ = 0;
  uint32_t pinned_count_ = 0;
  std::optional<uint32_t> dragged_;
  std::vector<uint32_t> pinned_;  // the pinned particles, as the marker list will hold them
  bool markers_dirty_ = false;
  bool pins_dirty_ = false;
};

}  // namespace weft
