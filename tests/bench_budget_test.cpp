// What a frame of the bench's cloth costs at each path's default substeps and sweeps, against the
// spring cloth weft's bench ran before it had materials (springs on every link, structural links
// also inextensible constraints, no tethers, 16 substeps x 8 sweeps): at most a quarter more
// dispatches and a quarter more bytes per particle, by the bench's traffic model; on the grid
// path, where the spring cloth does not bend, the cotton's line solves of its bending (about
// 2.8 KB per particle per frame at 16 substeps) may add up to 60% in all. The strain and bending
// the defaults settle at are measured in docs/physics.md; this keeps what they cost from
// creeping up.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "app/bench/bench_options.h"
#include "app/bench/bench_scene.h"
#include "app/bench/pass_traffic.h"
#include "sim/core/solver_core.h"

namespace weft::test {
namespace {

struct FrameCost {
  uint64_t dispatches = 0;
  double bytes_per_particle = 0.0;
};

FrameCost frame_cost(const BenchSceneSettings& settings) {
  const Model model = make_bench_cloth(settings);
  const SolverCore core(model);
  FrameCost cost;
  uint64_t bytes = 0;
  for (const PassTraffic& pass : frame_traffic(core, core.current_shape(settings.substeps))) {
    cost.dispatches += pass.dispatches;
    bytes += pass.bytes;
  }
  cost.bytes_per_particle = double(bytes) / double(model.particle_count());
  return cost;
}

class BenchBudget : public testing::TestWithParam<SolverVariant> {};

TEST_P(BenchBudget, TheDefaultsCostAtMostAQuarterMoreThanTheSpringCloth) {
  const SolverVariant variant = GetParam();
  const GridSize grid{64, 64};
  const SolverSteps steps =
      default_solver_steps(variant == SolverVariant::grid ? "grid" : "general");
  const FrameCost cotton = frame_cost({grid, steps.substeps, steps.sweeps, Integrator::verlet,
                                       BenchConstraints::material, variant});
  const FrameCost springs =
      frame_cost({grid, 16, 8, Integrator::verlet, BenchConstraints::structural, variant});
  ASSERT_GT(springs.dispatches, 0u);
  EXPECT_LE(double(cotton.dispatches), 1.25 * double(springs.dispatches))
      << cotton.dispatches << " dispatches against " << springs.dispatches;
  const double byte_budget = variant == SolverVariant::grid ? 1.6 : 1.25;
  EXPECT_LE(cotton.bytes_per_particle, byte_budget * springs.bytes_per_particle)
      << cotton.bytes_per_particle << " B per particle against " << springs.bytes_per_particle;
}

INSTANTIATE_TEST_SUITE_P(BothPaths, BenchBudget,
                         testing::Values(SolverVariant::general, SolverVariant::grid),
                         [](const auto& test) {
                           return test.param == SolverVariant::grid ? "grid" : "general";
                         });

}  // namespace
}  // namespace weft::test
