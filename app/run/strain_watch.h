// The largest strain of each system's cloth and ropes during a run: the structural links'
// (strain_report.h), measured at the run's health checks within the checks' share of the run's
// time (check_budget.h). A grid's shear and bend links are left out, as in the report at the end:
// folding shortens them without stretching the cloth.
#pragma once

#include <memory>
#include <vector>

#include "app/check_budget.h"

namespace weft {

struct RunOutcome;
struct Scene;
class Solver;

class StrainWatch {
 public:
  StrainWatch(const Scene& scene, std::vector<std::unique_ptr<Solver>>& solvers);

  // After `frames` frames: raises each system's peak strain in `outcome` when the time budget
  // allows a measurement.
  void check(uint32_t frames, RunOutcome& outcome);

 private:
  const Scene& scene_;
  std::vector<std::unique_ptr<Solver>>& solvers_;
  CheckBudget budget_;
};

}  // namespace weft
