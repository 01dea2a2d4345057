// The presets that take seconds of simulated time on the CPU reference (label `physics`, which
// the sanitized run leaves out): the tearing curtain tears in two where it is pulled, and a fold
// settles with no two layers within half the cloth's thickness.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>

#include <glm/geometric.hpp>

#include "app/scene/scene_file.h"
#include "sim/contact_report.h"
#include "sim/cpu_solver.h"
#include "sim/energy.h"
#include "tests/support/presets.h"
#include "tests/support/scene_text.h"
#include "tests/support/torn_cloth.h"

namespace weft::test {
namespace {

// The curtain tears where it is pulled, not where it hangs: it breaks at 8% (on the grid, the
// links that tear), locks at 0.3% (tethers to its rail of anchors, and strain limits, which give
// way where a link nears its break strain), and in its first second, before the rail moves, no
// link comes near the break strain. Then the rail's left half moves left and its right half
// right, and the curtain tears in two: two pieces, each still on its half of the rail.
TEST(Presets, CurtainHangsBelowItsBreakStrainThenTearsInTwo) {
  const Scene scene = load_scene(preset_path("tearing_curtain"));
  const SceneSystem& system = scene.systems[0];
  const Model& m = system.model;
  ASSERT_EQ(m.grids.size(), 1u);
  const GridLayout& grid = m.grids[0];
  EXPECT_EQ(grid.break_strain, 0.08f);
  ASSERT_EQ(m.tether_groups.size(), 1u);
  EXPECT_FLOAT_EQ(m.tether_groups[0].scale, 1.003f);
  EXPECT_EQ(m.environment.ground.mode, GroundMode::projection);
  ASSERT_EQ(m.anchors.size(), grid.columns);
  EXPECT_EQ(std::count(m.inverse_masses.begin(), m.inverse_masses.end(), 0.0f),
            static_cast<std::ptrdiff_t>(grid.columns));
  const uint32_t pull_frame = 60;
  ASSERT_EQ(system.events.size(), grid.columns);
  for (const SceneEvent& event : system.events) {
    ASSERT_EQ(event.kind, SceneEvent::Kind::anchor_velocity);
    EXPECT_EQ(event.frame, pull_frame);
    const Anchor& anchor = m.anchors[event.anchor];
    EXPECT_EQ(anchor.velocity, glm::vec3(0.0f));  // held still until then
    const bool left = m.positions[anchor.particle].x < 0.0f;
    EXPECT_EQ(event.value.x < 0.0f, left) << anchor.particle;
    EXPECT_NE(event.value.x, 0.0f);
    EXPECT_EQ(event.value.y, 0.0f);
    EXPECT_EQ(event.value.z, 0.0f);
  }
  CpuSolver<float> solver(m);
  float worst = 0.0f;
  for (uint32_t frame = 0; frame < pull_frame; ++frame) {
    solver.step_frame();
    worst = std::max(worst, solver.measure_health().largest_stretch);
  }
  EXPECT_LT(worst, 0.5f * grid.break_strain);
  EXPECT_GT(worst, 0.0f);
  EXPECT_EQ(solver.state().torn_links, 0u);
  // Two seconds of pulling (40 cm apart) tear it from the rail to the hem (it parts after about
  // 1.5 s).
  for (const SceneEvent& event : system.events)
    solver.set_anchor_velocity(event.anchor, event.value);
  for (uint32_t frame = 0; frame < 120; ++frame)
    solver.step_frame();
  const std::vector<uint32_t>& state = solver.state().link_state;
  const uint32_t last = grid.columns - 1;
  const uint32_t hem = (grid.rows - 1) * grid.columns;
  EXPECT_FALSE(joined(m, state, 0, last)) << "still one piece";
  EXPECT_TRUE(joined(m, state, 0, hem)) << "the left piece fell from its rail";
  EXPECT_TRUE(joined(m, state, last, hem + last)) << "the right piece fell from its rail";
}

// The fold's promise: once it has settled on the ground, no two particles that share no
// triangle are closer than half the thickness, and its links hold next to none of the energy it
// started with (24 x 24 here; the 64 x 64 preset itself is measured with weft run,
// docs/physics.md). At rest they hold 0.2% of it; a contact drag that undid the constraints'
// corrections on the ground left 25% (and 8.6 J from 1 J at 64 x 64).
TEST(Presets, SelfCollisionFoldSettlesWithNoPairWithinHalfItsThickness) {
  const Scene scene = parse_scene_text(small_fold_text());
  const Model& model = scene.systems[0].model;
  CpuSolver<float> solver(model);
  const Energy start = measure_energy(solver.core(), solver.state(), solver.velocities());
  for (uint32_t frame = 0; frame < scene.frames; ++frame)
    solver.step_frame();
  const Energy end = measure_energy(solver.core(), solver.state(), solver.velocities());
  EXPECT_LT(end.elastic, 0.01 * start.total()) << "the landed cloth's links stay stretched";
  EXPECT_LT(end.total(), start.total());
  std::vector<glm::vec3> x;
  for (const glm::vec4& p : solver.state().positions)
    x.emplace_back(p);
  const ContactReport report = measure_contacts(x, model.triangles, model.contact_groups);
  EXPECT_EQ(report.closer_than_half, 0u);
  double kinetic = 0.0;  // settled: J
  for (const glm::vec3& v : solver.velocities())
    kinetic += 0.5 * double(glm::dot(v, v)) / double(model.inverse_masses[0]);
  EXPECT_LT(kinetic, 1e-3);
  float highest = 0.0f;  // on the ground, folded: a few layers high
  for (const glm::vec3& p : x)
    highest = std::max(highest, p.y);
  EXPECT_LT(highest, 0.3f);
}

}  // namespace
}  // namespace weft::test
