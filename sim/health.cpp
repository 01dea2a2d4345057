#include "sim/health.h"

#include <cstdio>

namespace weft {

std::optional<std::string> blow_up_reason(const HealthReport& report, float stretch_limit) {
  if (report.nonfinite_count > 0) {
    return std::to_string(report.nonfinite_count) +
           " particle(s) have non-finite positions (first: particle " +
           std::to_string(report.first_nonfinite) + ")";
  }
  if (report.max_stretch > stretch_limit) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "runaway stretch: a link is %.0f%% longer than its rest length "
                  "(limit %.0f%%)",
                  report.max_stretch * 100.0, stretch_limit * 100.0);
    return std::string(text);
  }
  return std::nullopt;
}

}  // namespace weft
