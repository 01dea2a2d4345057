// The CPU reference on several threads: every loop is split into ranges that together cover it
// once, and a run gives the same positions, bit for bit, on 1, 2 or 3 threads, on both solver
// paths, with every integrator, tearing, wind on triangles and colliders. Grids of 40 x 40 make
// every split loop long enough to be split (a colour of constraints, a pass over the particles,
// the bending lines).
#include <cstring>
#include <mutex>

#include <gtest/gtest.h>

#include "app/default_scene.h"
#include "sim/core/cpu_solver.h"
#include "sim/core/cpu_threads.h"

namespace weft::test {
namespace {

TEST(CpuThreads, SplitsALoopIntoRangesThatCoverItOnce) {
  for (unsigned count : {1u, 2u, 3u, 5u}) {
    CpuThreads threads(count);
    EXPECT_EQ(threads.count(), count);
    for (uint32_t n : {0u, 1u, 7u, 255u, 256u, 1000u, 4099u}) {
      std::vector<int> visits(n, 0);
      std::mutex ranges_lock;
      uint32_t ranges = 0;
      threads.run(n, 4, [&](uint32_t first, uint32_t last) {
        ASSERT_LE(first, last);
        ASSERT_LE(last, n);
        for (uint32_t i = first; i < last; ++i)
          ++visits[i];  // each index belongs to one range: no two threads touch it
        std::lock_guard<std::mutex> lock(ranges_lock);
        ++ranges;
      });
      for (uint32_t i = 0; i < n; ++i)
        ASSERT_EQ(visits[i], 1) << "index " << i << " of " << n << " on " << count << " threads";
      // Below its smallest split a loop runs as one range on the caller; above, in a few
      // blocks per thread.
      if (n > 0 && n < 4) {
        EXPECT_EQ(ranges, 1u);
      } else if (n >= 4 && count > 1) {
        EXPECT_GE(ranges, std::min<uint32_t>(n, count));
        EXPECT_LE(ranges, 4 * count + 1);
      }
    }
  }
}

TEST(CpuThreads, RefusesNoThreads) {
  EXPECT_THROW(CpuThreads(0), std::invalid_argument);
  const Model model = make_default_scene({});
  EXPECT_THROW(CpuSolver<float>(model, 0), std::invalid_argument);
}

struct Case {
  const char* name;
  SolverVariant variant;
  Integrator integrator;
  const char* material;
};

Model threaded_scene(const Case& c) {
  DefaultSceneOptions options;
  options.columns = 40;
  options.rows = 40;
  options.integrator = c.integrator;
  options.material = c.material;
  Model model = make_default_scene(options);
  model.solver.variant = c.variant;
  model.solver.substeps = 4;
  model.solver.relaxation_sweeps = 3;
  // Wind with gusts on every triangle, as a flag's.
  model.environment.wind = {3.0f, 0.0f, 1.0f};
  model.environment.air.drag_coefficient = 1.2f;
  model.environment.air.lift_coefficient = 0.8f;
  model.environment.air.gusts.amplitude = {1.0f, 0.5f, 1.0f};
  return model;
}

// Positions after `frames` frames on `threads` threads.
std::vector<glm::vec4> run_on(const Model& model, unsigned threads, int frames) {
  CpuSolver<float> solver(model, threads);
  EXPECT_EQ(solver.thread_count(), threads);
  for (int f = 0; f < frames; ++f)
    solver.step_frame();
  return solver.state().positions;
}

TEST(CpuThreads, AnyThreadCountGivesTheSameRunBitForBit) {
  const Case cases[] = {
      {"general path, Verlet, cotton", SolverVariant::general, Integrator::verlet, "cotton"},
      {"grid path, Verlet, cotton", SolverVariant::grid, Integrator::verlet, "cotton"},
      {"general path, explicit Euler, paper (tears)", SolverVariant::general,
       Integrator::explicit_euler, "paper"},
      {"grid path, semi-implicit Euler, paper (tears)", SolverVariant::grid,
       Integrator::semi_implicit_euler, "paper"},
  };
  for (const Case& c : cases) {
    const Model model = threaded_scene(c);
    const std::vector<glm::vec4> one = run_on(model, 1, 4);
    for (unsigned threads : {2u, 3u}) {
      const std::vector<glm::vec4> many = run_on(model, threads, 4);
      ASSERT_EQ(many.size(), one.size());
      uint32_t differ = 0;
      for (size_t i = 0; i < one.size(); ++i)
        differ += std::memcmp(&one[i], &many[i], sizeof(glm::vec4)) != 0 ? 1u : 0u;
      EXPECT_EQ(differ, 0u) << c.name << ": " << differ << " particles differ on " << threads
                            << " threads from one thread";
    }
  }
}

}  // namespace
}  // namespace weft::test
