#include "app/time_estimate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace weft {

TimeEstimate::TimeEstimate(uint32_t total, double min_sample_seconds)
    : total_(total == 0 ? 1 : total), min_sample_seconds_(min_sample_seconds) {}

std::optional<double> TimeEstimate::first_estimate(uint32_t done, double elapsed) {
  if (estimated_ || done == 0) return std::nullopt;
  // A task that ends before the sample is long enough needs no estimate.
  if (elapsed < min_sample_seconds_ || done >= total_) return std::nullopt;
  estimated_ = true;
  return elapsed * static_cast<double>(total_) / static_cast<double>(done);
}

double TimeEstimate::remaining(uint32_t done, double elapsed) const {
  if (done == 0) return 0.0;
  const uint32_t left = done < total_ ? total_ - done : 0;
  return elapsed * static_cast<double>(left) / static_cast<double>(done);
}

std::string format_duration(double seconds) {
  const long long s = std::llround(std::max(seconds, 0.0));
  char text[64];
  if (s < 60) {
    std::snprintf(text, sizeof text, "%lld s", s);
  } else if (s < 600) {
    std::snprintf(text, sizeof text, "%lld min %02lld s", s / 60, s % 60);
  } else if (s < 3600) {
    std::snprintf(text, sizeof text, "%lld min", (s + 30) / 60);
  } else {
    std::snprintf(text, sizeof text, "%lld h %02lld min", s / 3600, (s % 3600) / 60);
  }
  return text;
}

}  // namespace weft
