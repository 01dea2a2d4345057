// The blow-up watch: what measure_health (CPU or GPU) finds, and when that means the simulation
// has exploded (a NaN or infinite position, or a spring stretched beyond a sane limit), and when
// a system's energy has run away beyond what its start and its drivers can explain.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace weft {

struct HealthReport {
  float largest_stretch = 0.0f;  // max (length - rest) / rest over springs and constraints, >= 0
  uint32_t nonfinite_count = 0;  // particles with a NaN or infinite coordinate
  uint32_t first_nonfinite = 0xffffffffu;
  uint32_t torn_links = 0;  // links torn since the start (not a blow-up: cloth that tears)
};

// A stretch of 10 is a link eleven times its rest length: no cloth does that; a solver that has
// gone unstable does it within a few frames.
constexpr float kDefaultStretchLimit = 10.0f;

// Why the report means a blow-up, or nothing when the state is healthy.
std::optional<std::string> blow_up_reason(const HealthReport& report,
                                          float stretch_limit = kDefaultStretchLimit);

// Why `motion_energy` (J: the system's kinetic plus gravitational energy) means a blow-up given
// the most it may be (`limit`, J; app/run/energy_bound.h says how it is found), or nothing. A
// non-finite energy is a blow-up too.
std::optional<std::string> energy_blow_up_reason(double motion_energy, double limit);

}  // namespace weft
