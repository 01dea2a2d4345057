// A one-line progress bar on stderr for long headless runs, drawn only when stderr is a terminal
// (logs and pipes get nothing) and redrawn at most ten times a second.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace weft {

class ProgressBar {
 public:
  // enabled: draw at all (false for --quiet); it also stays off when stderr is not a terminal.
  ProgressBar(uint32_t total, bool enabled);
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(uint32_t done);
  void finish();  // clears the line

 private:
  uint32_t total_;
  bool active_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace weft
