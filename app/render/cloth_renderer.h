// The graphics pass of weft, shared by the window and the headless screenshot (so both show the
// same picture): per-vertex normals computed on the GPU, then the ground, the sphere colliders,
// the cloth (drawn straight from the solver's positions buffer, both sides lit) or, in the
// springs view, every spring and constraint coloured and widened by its strain, and markers on
// pinned and dragged particles. Nothing goes through the CPU per frame.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "engine/buffer.h"
#include "engine/compute_pipeline.h"
#include "engine/graphics_pipeline.h"
#include "engine/render_targets.h"
#include "engine/storage_bindings.h"
#include "sim/gpu_types.h"
#include "sim/model.h"

namespace weft {

class Device;
class GpuSolver;

struct DrawSettings {
  bool springs_view = false;    // links coloured by strain instead of the shaded cloth
  bool widen_by_strain = true;  // springs view: strained links are drawn wider
  float strain_scale = 0.02f;   // strain drawn at full colour (and full extra width), > 0
  bool show_markers = true;     // pinned and dragged particles
};

// What the camera sees, for one frame.
struct SceneView {
  glm::mat4 view_projection{1.0f};
  glm::vec3 eye{0.0f};
  VkExtent2D extent{};
};

class ClothRenderer {
 public:
  // `model` must be the model the solver was built from (its triangles, links and pins).
  ClothRenderer(Device& device, const GpuSolver& solver, const Model& model,
                const RenderFormats& formats);

  // Marks the dragged particle (or none) from the next prepared frame on.
  void set_dragged(std::optional<uint32_t> particle);

  // Records the compute work of the frame, after the solver's passes and outside the scene
  // pass: the marker list when it changed, then the normals, with the barriers that make both
  // (and the solver's positions) visible to the draws.
  void record_prepare(VkCommandBuffer cmd);
  // Records the draws, inside a scene pass begun on render targets of this renderer's formats.
  void record_draw(VkCommandBuffer cmd, const SceneView& view, const DrawSettings& settings) const;
  // Records, after the scene pass, that the draws' reads come before anything the next frame
  // writes into the buffers they read (the solver's positions, the normals, the markers).
  void record_after_draw(VkCommandBuffer cmd) const;

  // xyz: the normal of each vertex (vec4), written by record_prepare.
  const Buffer& normals() const { return normals_; }
  uint32_t triangle_count() const { return index_count_ / 3; }
  uint32_t link_count() const { return link_count_; }
  const RenderFormats& formats() const { return formats_; }

 private:
  gpu::DrawPush make_push(const SceneView& view, const DrawSettings& settings, uint32_t mode) const;
  void draw_markers(VkCommandBuffer cmd, const SceneView& view, const DrawSettings& settings) const;

  Device& device_;
  const GpuSolver& solver_;
  RenderFormats formats_;
  StorageBindings bindings_;
  ComputePipeline normals_pipeline_;
  GraphicsPipeline cloth_pipeline_;
  GraphicsPipeline springs_pipeline_;
  GraphicsPipeline ground_pipeline_;
  GraphicsPipeline marker_pipeline_;
  Buffer normals_;
  Buffer corner_offsets_;
  Buffer corners_;
  Buffer links_;
  Buffer markers_;  // the pinned particles, then a slot for the dragged one
  Buffer indices_;
  uint32_t vertex_count_ = 0;
  uint32_t index_count_ = 0;
  uint32_t link_count_ = 0;
  uint32_t pinned_count_ = 0;
  float marker_radius_ = 0.02f;  // m
  std::optional<uint32_t> dragged_;
  bool markers_dirty_ = false;
};

}  // namespace weft
