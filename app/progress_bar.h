// Progress of a long headless task of many frames (weft run, weft bench) on stderr: a one-line
// bar with the time left, drawn only when stderr is a terminal (logs and pipes get nothing) and
// redrawn at most ten times a second; and, whatever stderr is, one line saying how long the task
// will take once the first frames show that it will take more than a minute.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "app/time_estimate.h"

namespace weft {

class ProgressBar {
 public:
  // show_bar: draw the bar at all (false for --quiet); it also stays off when stderr is not a
  // terminal. `task` names the work in the long-task notice ("weft: this run will take ...").
  ProgressBar(uint32_t total, bool show_bar, std::string task = "weft: this run");
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(uint32_t done);
  void finish();  // clears the line

  // Tasks estimated to take longer than this are announced, seconds.
  static constexpr double kLongTaskSeconds = 60.0;

 private:
  void clear_line();

  uint32_t total_;
  bool active_;
  std::string task_;
  TimeEstimate estimate_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace weft
