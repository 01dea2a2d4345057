#include "sim/model/health.h"

#include <cmath>
#include <cstdio>

namespace weft {

std::optional<std::string> blow_up_reason(const HealthReport& report, float stretch_limit) {
  if (report.nonfinite_count > 0) {
    return std::to_string(report.nonfinite_count) +
           " particle(s) have non-finite positions (first: particle " +
           std::to_string(report.first_nonfinite) + ")";
  }
  if (report.largest_stretch > stretch_limit) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "runaway stretch: a link is %.0f%% longer than its rest length "
                  "(limit %.0f%%)",
                  report.largest_stretch * 100.0, stretch_limit * 100.0);
    return std::string(text);
  }
  return std::nullopt;
}

std::optional<std::string> energy_blow_up_reason(double motion_energy, double limit) {
  if (std::isfinite(motion_energy) && motion_energy <= limit) return std::nullopt;
  if (!std::isfinite(motion_energy)) {
    return std::string("runaway energy: the kinetic energy is not finite");
  }
  char text[240];
  std::snprintf(text, sizeof text,
                "runaway energy: %.3g J of kinetic and gravitational energy, beyond the %.3g J "
                "that its initial energy and the work of gravity, anchors, forces and wind allow",
                motion_energy, limit);
  return std::string(text);
}

}  // namespace weft
