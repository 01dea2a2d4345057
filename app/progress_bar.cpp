#include "app/progress_bar.h"

#include <string>

#include <unistd.h>

namespace weft {

ProgressBar::ProgressBar(uint32_t total, bool enabled)
    : total_(total == 0 ? 1 : total),
      active_(enabled && ::isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void ProgressBar::update(uint32_t done) {
  if (!active_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && done < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(static_cast<uint64_t>(done) * kWidth / total_);
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double remaining = done > 0 ? elapsed * (total_ - done) / done : 0.0;
  std::fprintf(stderr, "\r[%s%s] %u/%u frames, %.1f s, about %.0f s left ",
               std::string(static_cast<size_t>(filled), '#').c_str(),
               std::string(static_cast<size_t>(kWidth - filled), '.').c_str(), done, total_,
               elapsed, remaining);
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (!active_ || !drawn_) return;
  std::fprintf(stderr, "\r\033[2K");  // erase the bar so the summary starts on a clean line
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace weft
