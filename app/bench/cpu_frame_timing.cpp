#include "app/bench/cpu_frame_timing.h"

#include <algorithm>
#include <chrono>

#include "app/bench/pass_traffic.h"
#include "sim/cpu_solver.h"

namespace weft {

CpuFrameSamples time_cpu_frames(const Model& model, uint32_t frames) {
  CpuSolver<float> solver(model);
  const PackedModel& packed = solver.packed();
  const float dt = packed.solver.frame_dt / static_cast<float>(packed.solver.substeps);
  const std::vector<PassStep> steps =
      schedule_frame(packed.frame_shape(packed.solver.substeps, false));
  using Clock = std::chrono::steady_clock;
  CpuFrameSamples samples;
  for (uint32_t f = 0; f < frames; ++f) {
    std::vector<std::pair<std::string, double>> sections;
    double total = 0.0;
    for (const PassStep& step : steps) {
      // run_pass is what step_frame does for each step of the schedule, one at a time.
      const auto start = Clock::now();
      solver.run_pass(step, dt);
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      const std::string name = timer_section(step.pass, packed.params.integrator);
      auto it = std::find_if(sections.begin(), sections.end(),
                             [&](const auto& s) { return s.first == name; });
      if (it == sections.end()) {
        sections.emplace_back(name, ms);
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
