#include "app/render/offscreen_render.h"

#include <stdexcept>

#include "app/render/framing.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/image.h"
#include "engine/offscreen_target.h"
#include "engine/render_targets.h"

namespace weft {

VkClearColorValue background_color(VkFormat target) {
  // Linear (0.045, 0.05, 0.06), as ground.frag fades to; encoded for UNORM targets.
  const bool encoded = !is_srgb_format(target);
  VkClearColorValue color{};
  color.float32[0] = encoded ? 0.235f : 0.045f;
  color.float32[1] = encoded ? 0.248f : 0.05f;
  color.float32[2] = encoded ? 0.272f : 0.06f;
  color.float32[3] = 1.0f;
  return color;
}

Picture render_offscreen(Device& device, std::span<const DrawnSystem> systems,
                         const OrbitCamera& camera, VkExtent2D extent, const DrawSettings& settings,
                         const std::optional<Bounds>& shadow_bounds) {
  OffscreenTarget target(device, VK_FORMAT_R8G8B8A8_UNORM, extent, "offscreen picture");
  const RenderTargets scene(device, choose_render_formats(device, target.format()), extent,
                            "offscreen");
  SceneRenderer renderer(device, systems, scene.formats());
  if (shadow_bounds) renderer.aim_shadow(*shadow_bounds);
  const glm::vec2 viewport(static_cast<float>(extent.width), static_cast<float>(extent.height));
  SceneView view;
  view.view_projection = camera.view_projection(viewport);
  view.eye = camera.eye();
  view.extent = extent;
  device.submit_and_wait([&](VkCommandBuffer cmd) {
    renderer.record_prepare(cmd, settings);
    target.prepare(cmd);
    scene.begin(cmd, target.view(), background_color(target.format()));
    {
      DebugLabel label(device, cmd, "scene");
      renderer.record_draw(cmd, view, settings);
    }
    scene.end(cmd);
    renderer.record_after_draw(cmd);
    target.copy_to_host(cmd);
  });
  return {extent.width, extent.height, target.read_rgba()};
}

Picture render_offscreen(Device& device, const GpuSolver& solver, const Model& model,
                         const OrbitCamera& camera, VkExtent2D extent,
                         const DrawSettings& settings) {
  const DrawnSystem system{&solver, &model};
  return render_offscreen(device, std::span<const DrawnSystem>(&system, 1), camera, extent,
                          settings);
}

void save_screenshot(Device& device, std::span<const DrawnSystem> systems, const std::string& path,
                     VkExtent2D extent) {
  if (systems.empty()) throw std::invalid_argument("save_screenshot: nothing to draw");
  const Bounds bounds = expected_and_current_bounds(device, systems);
  write_png(path, render_offscreen(device, systems, framing_camera(bounds, extent), extent,
                                   DrawSettings{}, bounds));
}

}  // namespace weft
