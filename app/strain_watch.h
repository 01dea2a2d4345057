// The largest strain of each system's cloth and ropes during a run: the structural links'
// (strain_report.h), measured at the run's health checks, as long as measuring takes no more
// than a tenth of the run's time (reading the positions back from a GPU costs). A large grid's
// shear and bend links are left out, as in the report at the end: folding shortens them without
// stretching the cloth.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

namespace weft {

struct RunOutcome;
struct Scene;
class SystemRunner;

class StrainWatch {
 public:
  StrainWatch(const Scene& scene, std::vector<std::unique_ptr<SystemRunner>>& runners);

  // After `frames` frames: raises each system's peak strain in `outcome` when the time budget
  // allows a measurement.
  void check(uint32_t frames, RunOutcome& outcome);

 private:
  const Scene& scene_;
  std::vector<std::unique_ptr<SystemRunner>>& runners_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::duration<double> spent_{0.0};
};

}  // namespace weft
