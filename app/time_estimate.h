// How long a task of many equal steps (frames) will take, estimated from the first ones: once
// they have run long enough that start-up costs no longer dominate, the time per step so far
// times the steps to do. weft says so before a run that will take more than a minute.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace weft {

class TimeEstimate {
 public:
  // total: the steps of the whole task; min_sample_seconds: how long to measure before trusting
  // the rate (the first frames also pay for pipeline compilation and first dispatches).
  explicit TimeEstimate(uint32_t total, double min_sample_seconds = 2.0);

  // After `done` of the steps in `elapsed` seconds: the estimated seconds of the whole task, the
  // first time there is enough to go on (nothing before, nor after that once).
  std::optional<double> first_estimate(uint32_t done, double elapsed);

  // The estimated seconds still to go after `done` steps in `elapsed` seconds.
  double remaining(uint32_t done, double elapsed) const;

 private:
  uint32_t total_;
  double min_sample_seconds_;
  bool estimated_ = false;
};

// A duration as a person reads it: "45 s", "3 min 20 s", "25 min", "1 h 05 min".
std::string format_duration(double seconds);

}  // namespace weft
