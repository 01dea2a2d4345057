// How the viewer draws: its render targets for the swapchain's size, and the drawing level
// (draw_quality.h) it lowers while frames are slow, or that the panel or a script sets.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string_view>

#include "app/viewer/draw_quality.h"
#include "app/viewer/scaled_scene.h"
#include "app/viewer/viewer.h"

namespace weft {

void Viewer::make_targets() {
  const float scale = draw_quality(quality_.level()).scale;
  if (scale < 1.0f) {
    targets_.reset();
    scaled_ =
        std::make_unique<ScaledScene>(*context_.device, formats_, swapchain_->extent(), scale);
  } else {
    scaled_.reset();
    targets_ =
        std::make_unique<RenderTargets>(*context_.device, formats_, swapchain_->extent(), "window");
  }
}

void Viewer::adapt_drawing(double now) {
  const double frame_ms = 1000.0 * (now - last_frame_end_);
  last_frame_end_ = now;
  // The panel's level (or a script's) first; the scene is drawn smaller only where the window
  // can be scaled onto.
  const bool can_scale =
      swapchain_->can_blit_to() && can_scale_scene(*context_.device, swapchain_->format());
  const int last = can_scale ? kDrawQualityLevels - 1 : kDrawQualityLevels - 2;
  quality_.set_last_level(last);
  settings_.draw_level = std::clamp(settings_.draw_level, 0, last);
  if (settings_.draw_level != quality_.level()) set_draw_quality(settings_.draw_level);
  if (!settings_.adapt_drawing) return;
  std::optional<double> draw_ms;
  if (const std::optional<FrameTimings>& timings = stats_.timings()) {
    draw_ms = 0.0;
    for (const auto& [pass, ms] : timings->sections) {
      const std::string_view name = pass->name;
      if (name == "draw" || name == "UI") *draw_ms += ms;
    }
  }
  if (std::optional<int> level = quality_.frame_done(frame_ms, draw_ms)) {
    settings_.draw_level = *level;
    set_draw_quality(*level);
  }
}

void Viewer::set_draw_quality(int level) {
  ring_->wait_all();  // the targets and the renderer's pipelines may be in use
  quality_.set_level(level);
  const DrawQuality quality = draw_quality(level);
  formats_ = choose_render_formats(*context_.device, swapchain_->format(), quality.max_samples);
  make_targets();
  scene_->set_drawing(formats_, quality.shadow_map_size);
  std::printf("viewer: drawing with %s\n", drawing().c_str());
}

std::string Viewer::drawing() const {
  return describe_drawing(static_cast<uint32_t>(formats_.samples),
                          scene_->renderer().shadow_map_size(),
                          draw_quality(quality_.level()).scale);
}

}  // namespace weft
