#include "app/viewer/draw_quality.h"

#include <array>
#include <cmath>

namespace weft {

namespace {

// Frames after a change that are not judged: pipelines are built and caches warmed then.
constexpr int kSettleFrames = 20;
// Frames judged together: long enough that a single slow frame (a rebuild, a screenshot) does
// not lower the drawing.
constexpr int kJudgedFrames = 30;
// Drawing must take at least this share of a frame for drawing less to help.
constexpr double kDrawShare = 0.25;

// On lavapipe (1024 x 640, the default cloth on a sphere) the scene pass took 92 ms with 4x
// multisampling and 32 ms without and with the smaller shadow map (docs/viewer.md, "On a CPU
// device").
constexpr std::array<DrawQuality, kDrawQualityLevels> kLevels = {{
    {VK_SAMPLE_COUNT_4_BIT, 0, 1.0f},
    {VK_SAMPLE_COUNT_1_BIT, 0, 1.0f},
    {VK_SAMPLE_COUNT_1_BIT, 256, 1.0f},
    {VK_SAMPLE_COUNT_1_BIT, 256, 0.75f},
}};

}  // namespace

DrawQuality draw_quality(int level) {
  return kLevels.at(static_cast<size_t>(level));
}

std::string describe_drawing(uint32_t samples, uint32_t shadow_map_size, float scale) {
  std::string text = samples > 1 ? std::to_string(samples) + "x MSAA" : "no MSAA";
  text += ", shadows " + std::to_string(shadow_map_size);
  if (scale >= 1.0f) return text + ", full size";
  return text + ", " + std::to_string(static_cast<int>(std::lround(100.0f * scale))) + "% size";
}

std::optional<int> DrawQualityGovernor::frame_done(double frame_ms, std::optional<double> draw_ms) {
  if (++frames_seen_ <= kSettleFrames) return std::nullopt;
  frame_ms_sum_ += frame_ms;
  if (draw_ms) {
    draw_ms_sum_ += *draw_ms;
    ++draw_samples_;
  }
  if (frames_seen_ < kSettleFrames + kJudgedFrames) return std::nullopt;
  const double mean_frame = frame_ms_sum_ / kJudgedFrames;
  const double mean_draw = draw_samples_ > 0 ? draw_ms_sum_ / draw_samples_ : 0.0;
  const bool slow = mean_frame > 1000.0 / kTargetFramesPerSecond;
  const bool drawing = mean_draw >= kDrawShare * mean_frame;
  set_level(level_);  // judge the next frames afresh
  if (slow && drawing && level_ < last_level_) {
    set_level(level_ + 1);
    return level_;
  }
  return std::nullopt;
}

void DrawQualityGovernor::set_level(int level) {
  level_ = level;
  frames_seen_ = 0;
  frame_ms_sum_ = draw_ms_sum_ = 0.0;
  draw_samples_ = 0;
}

}  // namespace weft
