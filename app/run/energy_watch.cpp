#include "app/run/energy_watch.h"

#include "app/run/scene_run.h"
#include "sim/model/health.h"

namespace weft {

EnergyWatch::EnergyWatch(const Scene& scene, std::vector<std::unique_ptr<Solver>>& solvers)
    : scene_(scene), solvers_(solvers) {
  const auto began = std::chrono::steady_clock::now();
  for (size_t s = 0; s < solvers_.size(); ++s)
    bounds_.emplace_back(scene_.systems[s], solvers_[s]->measure_energy());
  budget_.spend_since(began);
}

bool EnergyWatch::check(uint32_t frames, RunOutcome& outcome) {
  return budget_.allows() && check_all(frames, outcome);
}

void EnergyWatch::finish(uint32_t frames, RunOutcome& outcome) {
  check_all(frames, outcome);
}

bool EnergyWatch::check_all(uint32_t frames, RunOutcome& outcome) {
  const auto began = std::chrono::steady_clock::now();
  const double seconds = frames * double{scene_.frame_dt()};
  bool runaway = false;
  for (size_t s = 0; s < solvers_.size(); ++s) {
    SystemOutcome& system = outcome.systems[s];
    system.energy = solvers_[s]->measure_energy();
    system.energy_limit = bounds_[s].limit_at(seconds);
    if (system.blow_up) continue;  // the first cause found is the one reported
    // Links are left out (energy_bound.h): their energy can only reach the motion.
    system.blow_up = energy_blow_up_reason(system.energy.kinetic + system.energy.gravitational,
                                           system.energy_limit);
    runaway = runaway || system.blow_up.has_value();
  }
  budget_.spend_since(began);
  return runaway;
}

}  // namespace weft
