// What self-collision is for, on the CPU reference (the GPU follows it pass by pass:
// gpu_self_collision_test, gpu_pass_test): pairs stop at their reach without bouncing, an
// overlap is removed without a kick, sliding is resisted as Coulomb friction, rest-mesh
// neighbours are left to the cloth, and two cloths dropped on each other stay apart (they do
// not without it) without gaining energy.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/model/contact_report.h"
#include "sim/core/cpu_solver.h"
#include "sim/core/energy.h"

namespace weft::test {
namespace {

Model empty_world() {
  Model model;
  model.environment.gravity = glm::vec3(0.0f);
  model.environment.self_collision = true;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 16;
  return model;
}

// A lone particle of mass 1 kg that collides as a cloth of `thickness` would.
uint32_t add_ball(Model& model, const glm::vec3& x, const glm::vec3& v, float thickness) {
  const uint32_t i = model.add_particle(x, 1.0f);
  model.velocities[i] = v;
  model.contact_groups.push_back({i, 1, thickness});
  return i;
}

template <typename Real>
std::vector<glm::vec3> positions_of(const CpuSolver<Real>& solver) {
  std::vector<glm::vec3> x;
  for (const auto& p : solver.state().positions)
    x.emplace_back(p);
  return x;
}

TEST(SelfCollision, HeadOnPairStopsAtItsReachWithoutBouncing) {
  Model model = empty_world();
  add_ball(model, {-0.07f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, 0.1f);
  add_ball(model, {0.07f, 0.0f, 0.0f}, {-1.0f, 0.0f, 0.0f}, 0.1f);
  CpuSolver<double> solver(model);
  for (int frame = 0; frame < 6; ++frame) {
    solver.step_frame();
    const double gap = glm::distance(solver.state().positions[0], solver.state().positions[1]);
    EXPECT_GE(gap, 0.1 - 1e-9) << "frame " << frame;
  }
  // Equal masses meeting head on: all their motion was along the normal, and none comes back.
  for (const glm::dvec3& v : solver.velocities())
    EXPECT_LT(glm::length(v), 1e-6);
}

TEST(SelfCollision, AnOverlapIsRemovedWithoutAKick) {
  Model model = empty_world();
  add_ball(model, {0.0f, 0.0f, 0.0f}, glm::vec3(0.0f), 0.1f);
  add_ball(model, {0.06f, 0.0f, 0.0f}, glm::vec3(0.0f), 0.1f);  // 4 cm inside each other
  CpuSolver<double> solver(model);
  solver.step_frame();
  EXPECT_GE(glm::distance(solver.state().positions[0], solver.state().positions[1]), 0.1 - 1e-9);
  // Pushing them apart within one substep would leave them flying apart at 19 m/s.
  for (const glm::dvec3& v : solver.velocities())
    EXPECT_LT(glm::length(v), 1e-6);
}

// A ball sliding at 1 m/s on a pinned layer of particles 12.5 mm apart under gravity, for
// `seconds`: Coulomb friction decelerates it by friction * g. `lowest`: its lowest height (m).
double speed_after_sliding(float friction, double seconds, double& lowest) {
  Model model = empty_world();
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  model.environment.self_friction = friction;
  ClothGridDesc floor;
  floor.columns = 81;
  floor.rows = 11;
  floor.origin = {-0.5f, 0.0f, -0.1f};
  floor.width_axis = {1.0f, 0.0f, 0.0f};
  floor.height_axis = {0.0f, 0.0f, 0.2f};
  floor.particle_mass = 0.01f;
  floor.structural = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  for (uint32_t n = 0; n < floor.columns * floor.rows; ++n)
    floor.pinned.push_back(n);
  add_cloth_grid(model, floor);
  model.contact_groups.push_back({0, model.particle_count(), 0.1f});
  const uint32_t ball = add_ball(model, {-0.4f, 0.1f, 0.0f}, {1.0f, 0.0f, 0.0f}, 0.1f);
  CpuSolver<double> solver(model);
  const auto frames = static_cast<int>(seconds * 60.0 + 0.5);
  lowest = 1.0;
  for (int frame = 0; frame < frames; ++frame) {
    solver.step_frame();
    lowest = std::min(lowest, solver.state().positions[ball].y);
  }
  return solver.velocities()[ball].x;
}

TEST(SelfCollision, SlidingIsResistedAsCoulombFriction) {
  double lowest = 0.0;
  const double frictionless = speed_after_sliding(0.0f, 0.2, lowest);
  // Without friction the ball keeps most of its speed: the layer's bumps (0.8 mm high between
  // particles 12.5 mm apart) take 9% of it in 0.2 s, since each contact stops the approach.
  EXPECT_GT(frictionless, 0.88);
  // Friction 0.25 takes 0.25 * 9.81 m/s^2 * 0.2 s = 0.49 m/s more.
  EXPECT_NEAR(frictionless - speed_after_sliding(0.25f, 0.2, lowest), 0.25 * 9.81 * 0.2, 0.05);
  // Friction never reverses it: a strong one stops it and holds it.
  EXPECT_NEAR(speed_after_sliding(2.0f, 0.3, lowest), 0.0, 1e-3);
  // It rides on the layer, not in it: within 2 mm of a thickness above the particles' plane.
  EXPECT_GT(lowest, 0.098);
}

TEST(SelfCollision, RestMeshNeighboursAreLeftToTheCloth) {
  Model model = empty_world();
  ClothGridDesc cloth;
  cloth.columns = 3;
  cloth.rows = 3;
  cloth.width_axis = {0.1f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 0.1f};
  cloth.particle_mass = 0.1f;
  cloth.structural = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  add_cloth_grid(model, cloth);
  // Cells of 5 cm, thickness 6 cm: every pair that shares a triangle is closer than that, and
  // only the cells' other diagonals (7.1 cm) and the pairs two apart (10 cm) are not.
  model.contact_groups.push_back({0, model.particle_count(), 0.06f});
  CpuSolver<double> solver(model);
  solver.step_frame();
  for (uint32_t i = 0; i < model.particle_count(); ++i)
    EXPECT_EQ(glm::vec3(solver.state().positions[i]), model.positions[i]) << "particle " << i;
}

// Two 12 x 12 cloths, 4 cm apart and 1.5 cm aside (less than half their thickness: lying in one
// plane, their particles would be closer than that), dropped flat from 20 cm onto the ground.
Model two_cloths(bool self_collision) {
  Model model;
  model.environment.self_collision = self_collision;
  model.environment.ground = {GroundMode::projection, 0.0f, 0.0f, 0.0f, 0.0f};
  model.environment.contact_friction = 0.3f;
  model.solver.substeps = 16;
  model.solver.relaxation_sweeps = 8;
  for (float layer : {0.0f, 1.0f}) {
    ClothGridDesc cloth;
    cloth.columns = 12;
    cloth.rows = 12;
    cloth.origin = {-0.25f + 0.015f * layer, 0.2f + 0.04f * layer, -0.25f};
    cloth.width_axis = {0.5f, 0.0f, 0.0f};
    cloth.height_axis = {0.0f, 0.0f, 0.5f};
    cloth.particle_mass = 0.002f;
    cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
    cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 1e-5f};
    cloth.bend = {LinkKind::spring, 0.05f, 0.0001f, 0.0f};
    const uint32_t first = add_cloth_grid(model, cloth);
    model.contact_groups.push_back({first, 144, 0.04f});  // spacing 4.5 cm
  }
  return model;
}

TEST(SelfCollision, TwoClothsDroppedOnEachOtherStayApartAndGainNoEnergy) {
  for (bool on : {false, true}) {
    SCOPED_TRACE(on ? "self-collision on" : "self-collision off");
    const Model model = two_cloths(on);
    CpuSolver<float> solver(model);
    double highest = 0.0;
    double first = 0.0;
    for (int frame = 0; frame < 45; ++frame) {
      solver.step_frame();
      const Energy e = measure_energy(solver.core(), solver.state(), solver.velocities());
      if (frame == 0) first = e.total();
      highest = std::max(highest, e.total());
    }
    const ContactReport report =
        measure_contacts(positions_of(solver), model.triangles, model.contact_groups);
    if (on) {
      EXPECT_EQ(report.closer_than_half, 0u);
      EXPECT_GT(report.closest_distance, 0.5 * report.closest_thickness);
      // Contacts, the ground and the constraints only take energy away.
      EXPECT_LE(highest, first + 1e-6);
    } else {
      // Without it the upper cloth lies in the lower one.
      EXPECT_GT(report.closer_than_half, 100u);
    }
  }
}

}  // namespace
}  // namespace weft::test
