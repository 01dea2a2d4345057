// How the colliders other than spheres are drawn (planes, capsules, boxes, triangle meshes; the
// spheres are markers of SystemRenderer): straight from the colliders module's buffers, whose
// poses the solver writes at the start of every frame it runs, so a collider on a scripted path
// is drawn where the frame's last substep put it, with nothing read back or allocated per frame.
// Capsules, boxes and meshes also cast the key light's shadow; a plane, which has no edge, does
// not.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "app/render/render_mesh.h"
#include "app/render/system_renderer.h"
#include "engine/graphics_pipeline.h"
#include "engine/render_targets.h"
#include "engine/storage_bindings.h"

namespace weft {

class Device;
class GpuSolver;

// The collider draws' pipelines, built once per scene: lit into the scene pass, and depth only
// into the shadow map when the scene has one (shadow_depth_format not VK_FORMAT_UNDEFINED).
class ColliderPipelines {
 public:
  ColliderPipelines(const Device& device, const RenderFormats& formats,
                    VkFormat shadow_depth_format);

  VkPipelineLayout layout() const { return layout_source_.pipeline_layout(); }
  const RenderFormats& formats() const { return formats_; }

  GraphicsPipeline draw;
  std::optional<GraphicsPipeline> shadow;

 private:
  RenderFormats formats_;
  StorageBindings layout_source_;  // only its layout: identical to every renderer's
};

class ColliderRenderer {
 public:
  // The solver and the pipelines must outlive this. A plane is drawn as a square patch centred
  // where the plane comes nearest to the middle of `scene`, as wide as two of its diagonals;
  // `spacing` (m) is the longest edge of the scene's triangles, which a capsule is drawn inside
  // by as much as such an edge sags across it.
  ColliderRenderer(const Device& device, const GpuSolver& solver,
                   const ColliderPipelines& pipelines, const Bounds& scene, float spacing);

  // Records the shadow casters' draws, inside the shadow map's pass.
  void record_shadow(VkCommandBuffer cmd, const SceneView& light) const;
  // Records the draws, inside a scene pass begun on render targets of the pipelines' formats.
  void record_draw(VkCommandBuffer cmd, const SceneView& view) const;

  // How many colliders it draws.
  size_t draw_count() const { return draws_.size(); }

 private:
  struct Draw {
    uint32_t first_vertex = 0;
    uint32_t vertex_count = 0;
    uint32_t shape = 0;  // the instance: its index in the shapes buffer
    bool casts_shadow = true;
  };
  void record(VkCommandBuffer cmd, VkPipeline pipeline, const SceneView& view,
              bool shadow_casters_only) const;

  const Device& device_;
  const ColliderPipelines& pipelines_;
  StorageBindings bindings_;
  std::vector<Draw> draws_;
  glm::vec4 plane_patch_{0.0f};
  float spacing_ = 0.0f;
};

}  // namespace weft
