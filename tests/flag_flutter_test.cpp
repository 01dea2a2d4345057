// scenes/flag_in_wind.toml on the CPU reference for 10 simulated seconds (about 10 s of CPU
// time): the air on its triangles and the gusts keep it flapping instead of settling downwind.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "app/scene/scene_file.h"
#include "sim/core/cpu_solver.h"
#include "sim/core/energy.h"
#include "tests/support/presets.h"

namespace weft::test {
namespace {

// scenes/flag_in_wind.toml on the CPU reference: between 5 and 10 s the flag keeps flapping
// (its kinetic energy never drops to 1e-3 J) and its free top corner travels more than 5 cm.
TEST(FlagInWind, FluttersBetweenFiveAndTenSeconds) {
  const Scene scene = load_scene(preset_path("flag_in_wind"));
  ASSERT_EQ(scene.systems.size(), 1u);
  const Model& model = scene.systems[0].model;
  ASSERT_EQ(model.grids.size(), 1u);
  const GridLayout& grid = model.grids[0];
  const uint32_t corner = grid.first_particle + grid.columns - 1;  // the top row's far end
  ASSERT_GT(model.inverse_masses[corner], 0.0f);
  CpuSolver<float> solver(model);
  const uint32_t frames_per_second = uint32_t(std::lround(1.0 / model.solver.frame_dt));
  double calmest = 1e30;
  glm::vec3 low(1e30f), high(-1e30f);
  for (uint32_t frame = 1; frame <= 10 * frames_per_second; ++frame) {
    solver.step_frame();
    if (frame < 5 * frames_per_second) continue;
    const Energy energy = measure_energy(solver.core(), solver.state(), solver.velocities());
    calmest = std::min(calmest, energy.kinetic);
    const glm::vec3 x(solver.state().positions[corner]);
    low = glm::min(low, x);
    high = glm::max(high, x);
  }
  EXPECT_GT(calmest, 1e-3) << "J: the flag came to rest";
  EXPECT_GT(glm::length(high - low), 0.05f) << "m: the free corner stayed put";
  std::cout << "flag, 5 to 10 s: lowest kinetic energy " << calmest
            << " J, free corner's box diagonal " << glm::length(high - low) << " m\n";
}

}  // namespace
}  // namespace weft::test
