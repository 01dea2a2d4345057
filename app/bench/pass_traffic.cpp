#include "app/bench/pass_traffic.h"

#include <algorithm>

#include "sim/gpu/gpu_solver.h"
#include "sim/core/solver_core.h"

namespace weft {

std::vector<PassTraffic> frame_traffic(const SolverCore& core, const FrameShape& shape) {
  std::vector<PassTraffic> traffic = {{&kFrameUpdatesPass, 0, sizeof(gpu::SimParams)}};
  const TrafficContext context{&core.positions(), shape.integrator, &core.link_state()};
  for (const Step& step : core.build_schedule(shape)) {
    auto known = std::find_if(traffic.begin(), traffic.end(),
                              [&](const PassTraffic& t) { return t.pass == step.pass; });
    if (known == traffic.end()) known = traffic.insert(traffic.end(), {step.pass, 0, 0});
    const SolverModule& module = core.module(step.module);
    Step current = step;
    current.push = module.push(step);
    known->dispatches += module.threads(current) > 0 ? 1 : 0;
    known->bytes += module.bytes(current, context);
  }
  return traffic;
}

uint64_t minimum_frame_bytes(uint64_t particles, uint32_t substeps, uint32_t sweeps) {
  return uint64_t{substeps} * particles * (4 * 16 + uint64_t{sweeps} * 2 * 16);
}

}  // namespace weft
