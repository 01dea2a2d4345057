// The viewer's graphics work without a window, frame after frame: normals, the shadow map, then
// the scene pass into an offscreen image that nothing reads back. `weft bench --render WxH`
// records it after each simulated frame, so that the cost of simulating and drawing a cloth can
// be measured on a machine with no display.
#pragma once

#include "app/render/camera.h"
#include "app/render/scene_renderer.h"
#include "engine/offscreen_target.h"
#include "engine/render_targets.h"

namespace weft {

class Device;
class GpuSolver;
class PassTimer;

class OffscreenFrames {
 public:
  // The model must be the one the solver was built from, and outlive this; the camera frames it
  // as the viewer's.
  OffscreenFrames(Device& device, const GpuSolver& solver, const Model& model, VkExtent2D extent);

  // Records one frame's drawing after the solver's passes; with a timer, its sections are
  // "normals" (with the shadow map) and "draw cloth".
  void record(VkCommandBuffer cmd, PassTimer* timer);

 private:
  Device& device_;
  DrawnSystem system_;
  OffscreenTarget target_;
  RenderTargets scene_;
  SceneRenderer renderer_;
  SceneView view_;
};

}  // namespace weft
