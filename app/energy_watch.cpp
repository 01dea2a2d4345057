#include "app/energy_watch.h"

#include "app/scene_run.h"
#include "sim/health.h"

namespace weft {

namespace {

constexpr double kShareOfRunTime = 0.1;
// Below this much time spent in all, checks are always made: small systems measure in
// microseconds, and their frames are so fast that a share of the run would exclude them.
constexpr double kFreeSeconds = 0.05;

}  // namespace

EnergyWatch::EnergyWatch(const Scene& scene, std::vector<std::unique_ptr<SystemRunner>>& runners)
    : scene_(scene), runners_(runners), start_(std::chrono::steady_clock::now()) {
  for (size_t s = 0; s < runners_.size(); ++s)
    bounds_.emplace_back(scene_.systems[s], runners_[s]->measure_energy());
  spent_ = std::chrono::steady_clock::now() - start_;
}

bool EnergyWatch::check(uint32_t frames, RunOutcome& outcome) {
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start_;
  if (spent_.count() > kFreeSeconds && spent_.count() > kShareOfRunTime * elapsed.count()) {
    return false;
  }
  return check_all(frames, outcome);
}

void EnergyWatch::finish(uint32_t frames, RunOutcome& outcome) {
  check_all(frames, outcome);
}

bool EnergyWatch::check_all(uint32_t frames, RunOutcome& outcome) {
  const auto began = std::chrono::steady_clock::now();
  const double seconds = frames * double{scene_.frame_dt()};
  bool runaway = false;
  for (size_t s = 0; s < runners_.size(); ++s) {
    SystemOutcome& system = outcome.systems[s];
    system.energy = runners_[s]->measure_energy();
    system.energy_limit = bounds_[s].limit_at(seconds);
    if (system.blow_up) continue;  // the first cause found is the one reported
    // Links are left out (energy_bound.h): their energy can only reach the motion.
    system.blow_up = energy_blow_up_reason(system.energy.kinetic + system.energy.gravitational,
                                           system.energy_limit);
    runaway = runaway || system.blow_up.has_value();
  }
  spent_ += std::chrono::steady_clock::now() - began;
  return runaway;
}

}  // namespace weft
