#include "app/render/offscreen_render.h"

#include "app/render/render_mesh.h"
#include "app/render/scene_pass.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/offscreen_target.h"
#include "sim/gpu_solver.h"

namespace weft {

VkClearColorValue background_color() {
  VkClearColorValue color{};
  color.float32[0] = 0.045f;
  color.float32[1] = 0.05f;
  color.float32[2] = 0.06f;
  color.float32[3] = 1.0f;
  return color;
}

OrbitCamera default_camera(const Model& model) {
  const Bounds bounds = scene_bounds(model);
  OrbitCamera camera;
  camera.frame(bounds.lo, bounds.hi);
  return camera;
}

Picture render_offscreen(Device& device, const GpuSolver& solver, const Model& model,
                         const OrbitCamera& camera, VkExtent2D extent,
                         const DrawSettings& settings) {
  OffscreenTarget target(device, VK_FORMAT_R8G8B8A8_SRGB, extent, "offscreen picture");
  const ScenePass scene(device, target.format(), extent, choose_anti_aliasing(device));
  ClothRenderer renderer(device, solver, model, scene.formats());
  const glm::vec2 viewport(static_cast<float>(extent.width), static_cast<float>(extent.height));
  SceneView view;
  view.view_projection = camera.view_projection(viewport);
  view.eye = camera.eye();
  view.extent = extent;
  device.submit_and_wait([&](VkCommandBuffer cmd) {
    renderer.record_prepare(cmd);
    target.prepare(cmd);
    scene.begin(cmd, target.view(), background_color());
    {
      DebugLabel label(device, cmd, "scene");
      renderer.record_draw(cmd, view, settings);
    }
    scene.end(cmd, target.view());
    renderer.record_after_draw(cmd);
    target.copy_to_host(cmd);
  });
  return {extent.width, extent.height, target.read_rgba()};
}

void save_screenshot(Device& device, const GpuSolver& solver, const Model& model,
                     const std::string& path, VkExtent2D extent) {
  write_png(path, render_offscreen(device, solver, model, default_camera(model), extent));
}

}  // namespace weft
