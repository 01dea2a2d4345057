// The energy half of `weft run`'s blow-up watch: each system's energy is measured before the
// first frame, at health checks and at the end, and compared with what its start and its drivers
// allow (energy_bound.h). Measuring means reading the whole state back (from the GPU) and
// walking every link, so the checks between start and end keep to their share of the run's time
// (check_budget.h); the end state is always checked.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "app/check_budget.h"
#include "app/run/energy_bound.h"
#include "app/scene/scene_systems.h"
#include "sim/core/solver.h"

namespace weft {

struct RunOutcome;

class EnergyWatch {
 public:
  // Measures every system's initial energy.
  EnergyWatch(const Scene& scene, std::vector<std::unique_ptr<Solver>>& solvers);

  // After `frames` frames: checks the systems not yet blown up, when the time budget allows;
  // sets their blow_up in `outcome`. True when one ran away.
  bool check(uint32_t frames, RunOutcome& outcome);

  // At the end: measures every system's final energy into `outcome` and checks it.
  void finish(uint32_t frames, RunOutcome& outcome);

 private:
  bool check_all(uint32_t frames, RunOutcome& outcome);

  const Scene& scene_;
  std::vector<std::unique_ptr<Solver>>& solvers_;
  std::vector<EnergyBound> bounds_;
  CheckBudget budget_;
};

}  // namespace weft
