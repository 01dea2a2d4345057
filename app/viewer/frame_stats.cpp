#include "app/viewer/frame_stats.h"

namespace weft {

namespace {

constexpr double kAveragingWindow = 0.5;  // s

}  // namespace

void FrameStats::frame_done(double now) {
  ++frames_;
  if (first_frame_ < 0.0) first_frame_ = now;
  last_frame_ = now;
  if (window_start_ < 0.0) {
    window_start_ = now;
    return;
  }
  ++window_frames_;
  const double elapsed = now - window_start_;
  if (elapsed >= kAveragingWindow) {
    fps_ = window_frames_ / elapsed;
    frame_ms_ = 1000.0 * elapsed / window_frames_;
    window_start_ = now;
    window_frames_ = 0;
  }
}

double FrameStats::average_fps() const {
  const double elapsed = last_frame_ - first_frame_;
  return frames_ > 1 && elapsed > 0.0 ? static_cast<double>(frames_ - 1) / elapsed : 0.0;
}

void FrameStats::set_health(const HealthReport& health) {
  health_ = health;
  blow_up_ = blow_up_reason(health);
}

}  // namespace weft
