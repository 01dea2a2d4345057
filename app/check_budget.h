// How much of a run's time the checks made between its frames may take: a tenth, so that
// measuring (reading the state back from a GPU costs) never slows a long run noticeably, and
// always the first 50 ms in all, which small systems measure in microseconds.
#pragma once

#include <chrono>

namespace weft {

class CheckBudget {
 public:
  CheckBudget() : start_(std::chrono::steady_clock::now()) {}

  // Whether a check may run now.
  bool allows() const {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start_;
    return spent_.count() <= kFreeSeconds || spent_.count() <= kShareOfRunTime * elapsed.count();
  }
  // Counts the time since `began` as spent on checks.
  void spend_since(std::chrono::steady_clock::time_point began) {
    spent_ += std::chrono::steady_clock::now() - began;
  }

 private:
  static constexpr double kShareOfRunTime = 0.1;
  static constexpr double kFreeSeconds = 0.05;
  std::chrono::steady_clock::time_point start_;
  std::chrono::duration<double> spent_{0.0};
};

}  // namespace weft
