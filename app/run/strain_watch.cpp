#include "app/run/strain_watch.h"

#include "app/run/scene_run.h"
#include "sim/core/solver.h"
#include "sim/model/strain_report.h"

namespace weft {

StrainWatch::StrainWatch(const Scene& scene, std::vector<std::unique_ptr<Solver>>& solvers)
    : scene_(scene), solvers_(solvers) {}

void StrainWatch::check(uint32_t frames, RunOutcome& outcome) {
  if (!budget_.allows()) return;
  const auto began = std::chrono::steady_clock::now();
  for (size_t s = 0; s < solvers_.size(); ++s) {
    SystemOutcome& system = outcome.systems[s];
    const StrainReport now = measure_strain(scene_.systems[s].model, positions_of(*solvers_[s]),
                                            solvers_[s]->state().link_state);
    ++system.strain_checks;
    if (now.links > 0 && now.max >= system.peak_strain.max) {
      system.peak_strain = now;
      system.peak_strain_frame = frames;
    }
  }
  budget_.spend_since(began);
}

}  // namespace weft
