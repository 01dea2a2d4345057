// The graphics pass without a window: the solvers' current state drawn into an offscreen image
// by the same SceneRenderer the viewer uses, then read back. `weft run --screenshot` and the
// rendering tests use it.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "app/render/camera.h"
#include "app/render/png_file.h"
#include "app/render/scene_renderer.h"
#include "app/scene/scene_camera.h"
#include "engine/offscreen_target.h"
#include "engine/render_targets.h"

namespace weft {

class Device;
class GpuSolver;

// The colour the scene pass clears to, for a target of this format (encoded for UNORM ones,
// whose shaders encode too).
VkClearColorValue background_color(VkFormat target);

// Pictures of the systems' state, one after another, from targets made once (`weft run --video`).
class OffscreenPictures {
 public:
  // The systems must outlive this. The key light's shadow covers `shadow_bounds`, by default
  // where the systems were expected to be.
  OffscreenPictures(Device& device, std::span<const DrawnSystem> systems, VkExtent2D extent,
                    const std::optional<Bounds>& shadow_bounds = std::nullopt);
  // Draws the systems as they are now (waits for the GPU).
  Picture draw(const OrbitCamera& camera, const DrawSettings& settings = {});
  SceneRenderer& renderer() { return renderer_; }

 private:
  Device& device_;
  VkExtent2D extent_;
  OffscreenTarget target_;
  RenderTargets scene_;
  SceneRenderer renderer_;
};

// Draws one frame of the systems' state (waits for the GPU) and returns the picture. The key
// light's shadow covers `shadow_bounds`, by default where the systems were expected to be.
Picture render_offscreen(Device& device, std::span<const DrawnSystem> systems,
                         const OrbitCamera& camera, VkExtent2D extent,
                         const DrawSettings& settings = {},
                         const std::optional<Bounds>& shadow_bounds = std::nullopt);
Picture render_offscreen(Device& device, const GpuSolver& solver, const Model& model,
                         const OrbitCamera& camera, VkExtent2D extent,
                         const DrawSettings& settings = {});

// What `weft run --screenshot` shows: the systems as they are now, from `camera` when one was
// chosen, or else framed where they are now (framing.h); the key light's shadow covers them.
Picture framed_picture(Device& device, std::span<const DrawnSystem> systems, VkExtent2D extent,
                       const std::optional<SceneCamera>& camera = std::nullopt);

}  // namespace weft
