#include "app/render/offscreen_frames.h"

#include "app/render/framing.h"
#include "app/render/offscreen_render.h"
#include "engine/debug_label.h"
#include "sim/gpu/pass_timer.h"

namespace weft {

namespace {

// The drawing's sections in a frame's timings.
const PassInfo kNormals{"normals", "compute_normals.comp"};
const PassInfo kDrawCloth{"draw cloth", ""};

}  // namespace

OffscreenFrames::OffscreenFrames(Device& device, const GpuSolver& solver, const Model& model,
                                 VkExtent2D extent)
    : device_(device),
      system_{&solver, &model},
      target_(device, VK_FORMAT_R8G8B8A8_UNORM, extent, "offscreen frames"),
      scene_(device, choose_render_formats(device, target_.format()), extent, "offscreen frames"),
      renderer_(device, std::span<const DrawnSystem>(&system_, 1), scene_.formats()) {
  const OrbitCamera camera = default_camera(model, extent);
  const glm::vec2 viewport(static_cast<float>(extent.width), static_cast<float>(extent.height));
  view_.view_projection = camera.view_projection(viewport);
  view_.eye = camera.eye();
  view_.extent = extent;
}

void OffscreenFrames::record(VkCommandBuffer cmd, PassTimer* timer) {
  const DrawSettings settings;
  renderer_.record_prepare(cmd, settings);
  if (timer) timer->mark(cmd, kNormals);
  target_.prepare(cmd);
  scene_.begin(cmd, target_.view(), background_color(target_.format()));
  {
    DebugLabel label(device_, cmd, "scene");
    renderer_.record_draw(cmd, view_, settings);
  }
  scene_.end(cmd);
  renderer_.record_after_draw(cmd);
  if (timer) timer->mark(cmd, kDrawCloth);
}

}  // namespace weft
