#include "app/bench/cpu_frame_timing.h"

#include <algorithm>
#include <chrono>

#include "sim/core/cpu_solver.h"

namespace weft {

CpuFrameSamples time_cpu_frames(const Model& model, uint32_t frames) {
  CpuSolver<float> solver(model);
  const SolverSettings& settings = solver.core().settings();
  const float dt = settings.frame_dt / static_cast<float>(settings.substeps);
  const std::vector<Step> steps =
      solver.core().build_schedule(solver.core().current_shape(settings.substeps));
  using Clock = std::chrono::steady_clock;
  CpuFrameSamples samples;
  for (uint32_t f = 0; f < frames; ++f) {
    std::vector<std::pair<const PassInfo*, double>> sections;
    double total = 0.0;
    for (const Step& step : steps) {
      // run_pass is what step_frame does for each step of the schedule, one at a time.
      const auto start = Clock::now();
      solver.run_pass(step, dt);
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      auto it = std::find_if(sections.begin(), sections.end(),
                             [&](const auto& s) { return s.first == step.pass; });
      if (it == sections.end()) {
        sections.emplace_back(step.pass, ms);
      } else {
        it->second += ms;
      }
      total += ms;
    }
    samples.frames.push_back(std::move(sections));
    samples.frame_ms.push_back(total);
  }
  return samples;
}

}  // namespace weft
