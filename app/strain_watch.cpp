#include "app/strain_watch.h"

#include "app/scene_run.h"
#include "app/system_runner.h"
#include "sim/strain_report.h"

namespace weft {

namespace {

constexpr double kShareOfRunTime = 0.1;
// Below this much time spent in all, every check measures: a small cloth measures in
// microseconds, and its frames are so fast that a share of the run would leave it out.
constexpr double kFreeSeconds = 0.05;

}  // namespace

StrainWatch::StrainWatch(const Scene& scene, std::vector<std::unique_ptr<SystemRunner>>& runners)
    : scene_(scene), runners_(runners), start_(std::chrono::steady_clock::now()) {}

void StrainWatch::check(uint32_t frames, RunOutcome& outcome) {
  const auto began = std::chrono::steady_clock::now();
  const std::chrono::duration<double> elapsed = began - start_;
  if (spent_.count() > kFreeSeconds && spent_.count() > kShareOfRunTime * elapsed.count()) return;
  for (size_t s = 0; s < runners_.size(); ++s) {
    SystemOutcome& system = outcome.systems[s];
    const StrainReport now = measure_strain(scene_.systems[s].model, runners_[s]->positions(),
                                            runners_[s]->link_state());
    ++system.strain_checks;
    if (now.links > 0 && now.max >= system.peak_strain.max) {
      system.peak_strain = now;
      system.peak_strain_frame = frames;
    }
  }
  spent_ += std::chrono::steady_clock::now() - began;
}

}  // namespace weft
