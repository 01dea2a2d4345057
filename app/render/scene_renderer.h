// The graphics pass of a scene, shared by the window, the headless screenshot and bench's
// offscreen frames (so all show the same picture): every system's normals and, when the scene
// has a ground, the key light's shadow map, then the ground (with the shadow), then each system
// and its colliders.
// Nothing goes through the CPU per frame.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "app/render/collider_renderer.h"
#include "app/render/render_mesh.h"
#include "app/render/render_pipelines.h"
#include "app/render/shadow_map.h"
#include "app/render/system_renderer.h"
#include "app/scene/scene_colors.h"
#include "engine/device_handle.h"

namespace weft {

class Device;
class GpuSolver;

// One system of a scene as the graphics pass draws it: a GPU solver and the model it was built
// from (its triangles, links and pins), both of which must outlive the renderer, and the colours
// of its objects (scene_colors.h: object_colors); particles in none of them are drawn in the
// palette's first colour.
struct DrawnSystem {
  const GpuSolver* solver = nullptr;
  const Model* model = nullptr;
  std::vector<ParticleColors> colors;
};

class SceneRenderer {
 public:
  // shadow_map_size: texels along each side of the key light's shadow map; 0: the device's
  // default (fewer on a CPU device).
  SceneRenderer(Device& device, std::span<const DrawnSystem> systems, const RenderFormats& formats,
                uint32_t shadow_map_size = 0);

  uint32_t shadow_map_size() const { return shadow_.size(); }

  // Where the systems are expected to be (render_mesh.h: scene_bounds of each): what the
  // camera first frames and the key light's shadow first covers.
  const Bounds& expected_bounds() const { return expected_; }
  // Aims the key light's shadow at these bounds (the camera's framing when it is reset).
  void aim_shadow(const Bounds& bounds);

  void set_dragged(size_t system, std::optional<uint32_t> particle);
  // Marks these particles of a system as pinned (pins edited by hand).
  void set_pinned(size_t system, std::vector<uint32_t> particles);
  // Where the drawn cloth of a system opens along links the knife cut (SystemRenderer).
  void set_link_parts(size_t system, std::span<const LinkCut> links, std::span<const float> at);

  // Records the frame's work before the scene pass, after the solvers' passes: every system's
  // normals, then the shadow map (when there is a ground and settings.shadows).
  void record_prepare(VkCommandBuffer cmd, const DrawSettings& settings);
  // Records the draws, inside a scene pass begun on render targets of `formats`.
  void record_draw(VkCommandBuffer cmd, const SceneView& view, const DrawSettings& settings) const;
  // Records, after the scene pass, that its reads come before the next frame's writes.
  void record_after_draw(VkCommandBuffer cmd) const;

  // The colliders of a system other than its spheres (which its SystemRenderer draws).
  const ColliderRenderer& colliders(size_t index) const { return *colliders_.at(index); }

  SystemRenderer& system(size_t index) { return *systems_.at(index); }
  const SystemRenderer& system(size_t index) const { return *systems_.at(index); }
  size_t system_count() const { return systems_.size(); }
  bool has_ground() const;

 private:
  void draw_ground(VkCommandBuffer cmd, const SceneView& view) const;

  Device& device_;
  std::vector<DrawnSystem> drawn_;
  Bounds expected_;
  ShadowMap shadow_;
  RenderPipelines pipelines_;
  ColliderPipelines collider_pipelines_;
  std::vector<std::unique_ptr<SystemRenderer>> systems_;
  std::vector<std::unique_ptr<ColliderRenderer>> colliders_;
  DeviceHandle<VkPipelineLayout> ground_layout_;
  GraphicsPipeline ground_pipeline_;
};

}  // namespace weft
