#include "app/progress_bar.h"

#include <unistd.h>

namespace weft {

ProgressBar::ProgressBar(uint32_t total, bool show_bar, std::string task)
    : total_(total == 0 ? 1 : total),
      active_(show_bar && ::isatty(STDERR_FILENO) == 1),
      task_(std::move(task)),
      estimate_(total_),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void ProgressBar::update(uint32_t done) {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (const std::optional<double> expected = estimate_.first_estimate(done, elapsed)) {
    if (*expected > kLongTaskSeconds) {
      clear_line();
      std::fprintf(stderr, "%s will take about %s (%u frames, %.2f s each so far)\n", task_.c_str(),
                   format_duration(*expected).c_str(), total_, elapsed / static_cast<double>(done));
      std::fflush(stderr);
      last_draw_ = now - std::chrono::seconds(1);  // redraw the bar at once
    }
  }
  if (!active_) return;
  if (drawn_ && done < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(static_cast<uint64_t>(done) * kWidth / total_);
  std::fprintf(stderr, "\r[%s%s] %u/%u frames, %s, about %s left ",
               std::string(static_cast<size_t>(filled), '#').c_str(),
               std::string(static_cast<size_t>(kWidth - filled), '.').c_str(), done, total_,
               format_duration(elapsed).c_str(),
               format_duration(estimate_.remaining(done, elapsed)).c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::clear_line() {
  if (!active_ || !drawn_) return;
  std::fprintf(stderr, "\r\033[2K");  // erase the bar so the next text starts on a clean line
  drawn_ = false;
}

void ProgressBar::finish() {
  clear_line();
  std::fflush(stderr);
}

}  // namespace weft
