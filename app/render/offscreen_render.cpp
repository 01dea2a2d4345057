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

OffscreenPictures::OffscreenPictures(Device& device, std::span<const DrawnSystem> systems,
                                     VkExtent2D extent, const std::optional<Bounds>& shadow_bounds)
    : device_(device),
      extent_(extent),
      target_(device, VK_FORMAT_R8G8B8A8_UNORM, extent, "offscreen picture"),
      scene_(device, choose_render_formats(device, target_.format()), extent, "offscreen"),
      renderer_(device, systems, scene_.formats()) {
  if (shadow_bounds) renderer_.aim_shadow(*shadow_bounds);
}

Picture OffscreenPictures::draw(const OrbitCamera& camera, const DrawSettings& settings) {
  const glm::vec2 viewport(static_cast<float>(extent_.width), static_cast<float>(extent_.height));
  SceneView view;
  view.view_projection = camera.view_projection(viewport);
  view.eye = camera.eye();
  view.extent = extent_;
  device_.submit_and_wait([&](VkCommandBuffer cmd) {
    renderer_.record_prepare(cmd, settings);
    target_.prepare(cmd);
    scene_.begin(cmd, target_.view(), background_color(target_.format()));
    {
      DebugLabel label(device_, cmd, "scene");
      renderer_.record_draw(cmd, view, settings);
    }
    scene_.end(cmd);
    renderer_.record_after_draw(cmd);
    target_.copy_to_host(cmd);
  });
  return {extent_.width, extent_.height, target_.read_rgba()};
}

Picture render_offscreen(Device& device, std::span<const DrawnSystem> systems,
                         const OrbitCamera& camera, VkExtent2D extent, const DrawSettings& settings,
                         const std::optional<Bounds>& shadow_bounds) {
  OffscreenPictures pictures(device, systems, extent, shadow_bounds);
  return pictures.draw(camera, settings);
}

Picture render_offscreen(Device& device, const GpuSolver& solver, const Model& model,
                         const OrbitCamera& camera, VkExtent2D extent,
                         const DrawSettings& settings) {
  const DrawnSystem system{&solver, &model};
  return render_offscreen(device, std::span<const DrawnSystem>(&system, 1), camera, extent,
                          settings);
}

Picture framed_picture(Device& device, std::span<const DrawnSystem> systems, VkExtent2D extent,
                       const std::optional<SceneCamera>& camera) {
  if (systems.empty()) throw std::invalid_argument("framed_picture: nothing to draw");
  const std::vector<glm::vec3> points = current_points(device, systems);
  const Bounds bounds = current_bounds(device, systems);
  return render_offscreen(device, systems,
                          camera ? chosen_camera(*camera) : framing_camera(points, extent), extent,
                          DrawSettings{}, bounds);
}

}  // namespace weft
