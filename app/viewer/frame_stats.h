// What the panel reports about the running viewer: frames per second and CPU frame time
// (averaged over half a second, so the numbers can be read), GPU time of every pass (from the
// pass timer, a frame or two late), and the blow-up watch.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/model/health.h"
#include "sim/gpu/pass_timer.h"

namespace weft {

class FrameStats {
 public:
  // Once per presented frame, with a monotonic clock in seconds.
  void frame_done(double now);
  double fps() const { return fps_; }
  double frame_ms() const { return frame_ms_; }
  // Frames presented since the start, and their average rate (what the closing note reports).
  uint64_t frames() const { return frames_; }
  double average_fps() const;

  void set_timings(const FrameTimings& timings) { timings_ = timings; }
  const std::optional<FrameTimings>& timings() const { return timings_; }

  void set_health(const HealthReport& health);
  const HealthReport& health() const { return health_; }
  // Why the simulation looks blown up, or nothing.
  const std::optional<std::string>& blow_up() const { return blow_up_; }

 private:
  double window_start_ = -1.0;
  uint32_t window_frames_ = 0;
  double fps_ = 0.0;
  double frame_ms_ = 0.0;
  uint64_t frames_ = 0;
  double first_frame_ = -1.0;
  double last_frame_ = 0.0;
  std::optional<FrameTimings> timings_;
  HealthReport health_;
  std::optional<std::string> blow_up_;
};

}  // namespace weft
