// What the colliders are for, on the CPU reference (the GPU follows it pass by pass and over
// whole frames: gpu_pass_test and gpu_trajectory_test run colliders_scene): particles rest on a
// plane of any normal and offset, are pushed out of capsules, boxes and meshes, are kept on
// their side of a mesh they move through within a substep, and are carried by a moving collider
// through friction relative to its surface, and kept half their cloth's thickness off every
// surface; paths go through their keyframes.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/model/collider_path.h"
#include "sim/core/cpu_solver.h"

namespace weft::test {
namespace {

Model one_particle(const glm::vec3& x, const glm::vec3& v) {
  Model model;
  model.add_particle(x, 1.0f);
  model.velocities[0] = v;
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 8;
  model.solver.relaxation_sweeps = 0;
  return model;
}

glm::dvec3 position_after(const Model& model, int frames) {
  CpuSolver<double> solver(model);
  for (int f = 0; f < frames; ++f)
    solver.step_frame();
  return glm::dvec3(solver.state().positions[0]);
}

TEST(Colliders, APlaneOfAnyNormalAndOffsetHoldsAParticle) {
  const glm::vec3 n = glm::normalize(glm::vec3(0.3f, 1.0f, -0.2f));
  Model model = one_particle(n * 0.5f + glm::vec3(0.0f, 0.2f, 0.0f), glm::vec3(0.0f));
  model.environment.contact_friction = 1.0f;  // it sticks where it lands
  Collider plane;
  plane.shape = ColliderShape::plane;
  plane.pose.position = n * 0.5f;                                     // n . x = 0.5
  const glm::vec3 axis = glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), n);  // local +y to n
  plane.pose.rotation = glm::normalize(glm::quat(1.0f + n.y, axis.x, axis.y, axis.z));
  model.environment.colliders.push_back(plane);
  const glm::dvec3 x = position_after(model, 60);
  EXPECT_NEAR(glm::dot(x, glm::dvec3(n)), 0.5, 1e-6);
}

TEST(Colliders, CapsuleAndBoxPushParticlesOutToTheirSurface) {
  Model model = one_particle({0.05f, 0.3f, 0.0f}, glm::vec3(0.0f));  // inside the capsule's side
  model.add_particle({2.0f, 0.02f, 0.3f}, 1.0f);                     // inside the box, near +z
  model.environment.gravity = glm::vec3(0.0f);
  model.solver.substeps = 1;  // (later substeps would carry on at the speed the push gave)
  Collider capsule;
  capsule.shape = ColliderShape::capsule;
  capsule.radius = 0.1f;
  capsule.half_length = 0.5f;  // along y
  Collider box;
  box.shape = ColliderShape::box;
  box.half_extents = {0.5f, 0.4f, 0.35f};
  box.pose.position = {2.0f, 0.0f, 0.0f};
  model.environment.colliders = {capsule, box};
  CpuSolver<double> solver(model);
  solver.step_frame();
  const glm::dvec3 a(solver.state().positions[0]);
  EXPECT_NEAR(glm::length(glm::dvec2(a.x, a.z)), 0.1, 1e-6);  // on the side, at its radius
  EXPECT_NEAR(a.y, 0.3, 1e-6);
  const glm::dvec3 b(solver.state().positions[1]);
  EXPECT_NEAR(b.z, 0.35, 1e-6);  // out through the nearest face
  EXPECT_NEAR(b.x, 2.0, 1e-6);
}

// A cloth particle is a ball of its reach: it touches a box's edge or corner at its reach from
// it, so the box it keeps out of is grown by the reach with its edges and corners rounded. Near
// an edge, a particle closer than its reach goes out along the line from the edge; one beyond
// its reach from the edge, though inside the box grown with sharp corners, stays where it is.
TEST(Colliders, ABoxsEdgesAndCornersAreRoundedByTheReach) {
  const double reach = 0.01;
  const double near = 0.006, far = 0.009;  // off each face: sqrt(2) x 6 mm < 1 cm < sqrt(2) x 9 mm
  Model model = one_particle({0.5f + near, 0.4f + near, 0.0f}, glm::vec3(0.0f));  // by an edge
  model.add_particle({0.5f + far, 0.4f + far, 0.0f}, 1.0f);  // clear of that edge
  model.add_particle({0.505f, 0.405f, 0.355f}, 1.0f);        // by a corner: sqrt(3) x 5 mm
  model.contact_groups.push_back({0, model.particle_count(), float(2.0 * reach)});
  model.environment.gravity = glm::vec3(0.0f);
  model.environment.ground.mode = GroundMode::none;
  model.solver.substeps = 1;
  Collider box;
  box.shape = ColliderShape::box;
  box.half_extents = {0.5f, 0.4f, 0.35f};
  model.environment.colliders = {box};
  CpuSolver<double> solver(model);
  solver.step_frame();
  const auto& x = solver.state().positions;
  const double out = reach / std::sqrt(2.0);
  EXPECT_NEAR(x[0].x, 0.5 + out, 1e-6);
  EXPECT_NEAR(x[0].y, 0.4 + out, 1e-6);
  EXPECT_NEAR(x[0].z, 0.0, 1e-6);
  EXPECT_NEAR(x[1].x, 0.5 + far, 1e-6);  // untouched
  EXPECT_NEAR(x[1].y, 0.4 + far, 1e-6);
  const glm::dvec3 corner(0.5, 0.4, 0.35);
  const glm::dvec3 c = glm::dvec3(x[2]) - corner;
  EXPECT_NEAR(glm::length(c), reach, 1e-6);
  EXPECT_NEAR(c.x, c.z, 1e-6);  // out along the diagonal it came from
  EXPECT_NEAR(c.x, c.y, 1e-6);
}

// A square of two triangles, 4 mm of margin: a particle falling at 3 m/s (6 mm a substep, more
// than the margin) is caught on the side it came from.
TEST(Colliders, AMeshKeepsAFastParticleOnItsSide) {
  Model model = one_particle({0.1f, 0.05f, 0.05f}, {0.0f, -3.0f, 0.0f});
  Collider mesh;
  mesh.shape = ColliderShape::mesh;
  mesh.margin = 0.004f;
  mesh.triangles = {{-0.5f, 0.0f, -0.5f}, {-0.5f, 0.0f, 0.5f}, {0.5f, 0.0f, 0.5f},
                    {-0.5f, 0.0f, -0.5f}, {0.5f, 0.0f, 0.5f},  {0.5f, 0.0f, -0.5f}};
  model.environment.colliders.push_back(mesh);
  CpuSolver<double> solver(model);
  for (int f = 0; f < 30; ++f) {
    solver.step_frame();
    EXPECT_GE(solver.state().positions[0].y, 0.004 - 1e-9) << "frame " << f;
  }
  // And one below it stays below.
  Model below = model;
  below.positions[0] = {0.1f, -0.05f, 0.05f};
  below.velocities[0] = {0.0f, 3.0f, 0.0f};
  below.environment.gravity = {0.0f, 9.81f, 0.0f};
  CpuSolver<double> under(below);
  for (int f = 0; f < 30; ++f)
    under.step_frame();
  EXPECT_NEAR(under.state().positions[0].y, -0.004, 1e-9);
}

// A square floor of two triangles, 1 m across at y = 0, kept `margin` from the particles.
Collider thin_floor(float margin) {
  Collider floor;
  floor.shape = ColliderShape::mesh;
  floor.margin = margin;
  floor.triangles = {{-0.5f, 0.0f, -0.5f}, {-0.5f, 0.0f, 0.5f}, {0.5f, 0.0f, 0.5f},
                     {-0.5f, 0.0f, -0.5f}, {0.5f, 0.0f, 0.5f},  {0.5f, 0.0f, -0.5f}};
  return floor;
}

// The whole path of a substep counts, not only where it ends. At 2 substeps a frame, a particle
// falling at 10 m/s moves 8 cm a substep: from 5 cm above a floor whose bounds are 8 mm thick
// it ends 3 cm below them, and is still caught on the side it came from.
TEST(Colliders, AThinMeshCatchesAParticleThatCrossesItInOneSubstep) {
  Model model = one_particle({0.1f, 0.05f, 0.05f}, {0.0f, -10.0f, 0.0f});
  model.solver.substeps = 2;
  model.environment.colliders.push_back(thin_floor(0.004f));
  CpuSolver<double> solver(model);
  for (int f = 0; f < 20; ++f) {
    solver.step_frame();
    EXPECT_GE(solver.state().positions[0].y, 0.004 - 1e-9) << "frame " << f;
  }
  // Slantwise, in one substep: it crosses the floor 2.5 cm inside its edge and would end 2.5 cm
  // beyond it, where no triangle is below.
  Model slant = one_particle({0.4f, 0.05f, 0.0f}, {15.0f, -10.0f, 0.0f});
  slant.environment.gravity = glm::vec3(0.0f);
  slant.environment.contact_friction = 0.0f;
  slant.solver.frame_dt = 1.0f / 120.0f;
  slant.solver.substeps = 1;
  slant.environment.colliders.push_back(thin_floor(0.004f));
  const glm::dvec3 x = position_after(slant, 1);
  EXPECT_NEAR(x.y, 0.004, 1e-9);
  EXPECT_GT(x.x, 0.5);  // it went on, beyond the edge, above the floor's plane
}

// An 8 x 8 cloth dropped half a metre onto a floor of two triangles, at 2 substeps a frame: it
// lands on it, rather than falling through (to y = -9 m within two seconds).
TEST(Colliders, AClothDroppedOnAThinMeshStaysOnIt) {
  Model model;
  ClothGridDesc cloth;
  cloth.origin = {-0.3f, 0.5f, -0.3f};
  cloth.width_axis = {0.6f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 0.6f};
  cloth.columns = 8;
  cloth.rows = 8;
  cloth.particle_mass = 0.01f;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 1e-6f};
  add_cloth_grid(model, cloth);
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 2;
  model.solver.relaxation_sweeps = 4;
  model.environment.colliders.push_back(thin_floor(0.005f));
  CpuSolver<float> solver(model);
  for (int f = 0; f < 120; ++f)
    solver.step_frame();
  for (uint32_t i = 0; i < model.particle_count(); ++i)
    EXPECT_GT(solver.state().positions[i].y, 0.0f) << "particle " << i;
}

// A box sliding at 0.5 m/s with a particle resting on it: with full contact friction the
// particle goes along at the box's speed; on a box that does not move it stops.
TEST(Colliders, FrictionActsRelativeToAMovingCollider) {
  Model model = one_particle({0.0f, 0.1f, 0.0f}, glm::vec3(0.0f));
  model.environment.contact_friction = 1.0f;
  Collider box;
  box.shape = ColliderShape::box;
  box.half_extents = {1.0f, 0.1f, 1.0f};
  box.path.keyframes = {{0.0, {{0.0f, 0.0f, 0.0f}}}, {1.0, {{0.5f, 0.0f, 0.0f}}}};
  model.environment.colliders.push_back(box);
  const glm::dvec3 x = position_after(model, 30);  // half a second
  EXPECT_NEAR(x.x, 0.25, 1e-4);
  EXPECT_NEAR(x.y, 0.1, 1e-6);
  Model still = model;
  still.environment.colliders[0].path.keyframes.clear();
  still.velocities[0] = {0.5f, 0.0f, 0.0f};
  EXPECT_LT(position_after(still, 30).x, 0.01);
}

// A cloth of `spacing` m between nodes, `thickness` thick, dropped flat from 5 cm up.
Model thick_cloth(float spacing, float thickness) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = 9;
  cloth.rows = 9;
  cloth.origin = {-4.0f * spacing, 0.05f, -4.0f * spacing};
  cloth.width_axis = {8.0f * spacing, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 8.0f * spacing};
  cloth.particle_mass = 0.01f;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 1e-6f};
  cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 1e-6f};
  add_cloth_grid(model, cloth);
  model.contact_groups.push_back({0, model.particle_count(), thickness});
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  model.environment.contact_friction = 0.9f;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 8;
  model.solver.relaxation_sweeps = 4;
  return model;
}

// One layer of cloth lies half its thickness above the ground, whatever that thickness is.
TEST(Colliders, AClothRestsHalfItsThicknessAboveTheGround) {
  for (float thickness : {0.004f, 0.03f}) {
    Model model = thick_cloth(0.05f, thickness);
    model.environment.ground.mode = GroundMode::projection;
    model.environment.ground.height = -0.1f;
    CpuSolver<double> solver(model);
    for (int f = 0; f < 60; ++f)
      solver.step_frame();
    for (uint32_t i = 0; i < model.particle_count(); ++i) {
      EXPECT_NEAR(solver.state().positions[i].y, -0.1 + 0.5 * thickness, 1e-6)
          << "particle " << i << " of a cloth " << thickness << " m thick";
    }
  }
}

// The largest depth (m) of a point of the cloth's triangles (corners, edge midpoints, centroids)
// inside the sphere.
double deepest_inside(const CpuSolver<double>& solver, const Model& model, const glm::dvec3& c,
                      double radius) {
  double deepest = 0.0;
  auto visit = [&](const glm::dvec3& x) {
    deepest = std::max(deepest, radius - glm::distance(x, c));
  };
  for (const glm::uvec3& t : model.triangles) {
    const glm::dvec3 a(solver.state().positions[t.x]);
    const glm::dvec3 b(solver.state().positions[t.y]);
    const glm::dvec3 d(solver.state().positions[t.z]);
    for (const glm::dvec3& x :
         {a, b, d, (a + b) / 2.0, (b + d) / 2.0, (d + a) / 2.0, (a + b + d) / 3.0}) {
      visit(x);
    }
  }
  return deepest;
}

// A coarse cloth draped on a sphere: its particles alone stay out of it, the triangles between
// them cut into it by the chord's sag (about spacing^2 / 8 radius); half a spacing's thickness
// keeps the triangles out as well.
TEST(Colliders, AThickClothKeepsItsTrianglesOutOfASphere) {
  const float spacing = 0.1f;
  const glm::dvec3 centre(0.0, -0.3, 0.0);
  const double radius = 0.3;
  double deepest[2] = {0.0, 0.0};
  int k = 0;
  for (float thickness : {1e-4f, spacing}) {
    Model model = thick_cloth(spacing, thickness);
    model.environment.spheres.push_back({glm::vec3(centre), float(radius), {}});
    CpuSolver<double> solver(model);
    for (int f = 0; f < 60; ++f) {
      solver.step_frame();
      deepest[k] = std::max(deepest[k], deepest_inside(solver, model, centre, radius));
    }
    ++k;
  }
  EXPECT_GT(deepest[0], 1e-3) << "a thin cloth's triangles should cut into the sphere";
  EXPECT_EQ(deepest[1], 0.0) << "a thick cloth's triangles cut " << deepest[1] << " m deep";
}

TEST(ColliderPath, GoesThroughItsKeyframesLinearlyOrSmoothly) {
  ColliderPath path;
  path.keyframes = {{1.0, {{0.0f, 0.0f, 0.0f}}}, {3.0, {{2.0f, 0.0f, 0.0f}}}};
  const ColliderPose rest{{9.0f, 9.0f, 9.0f}};
  EXPECT_EQ(pose_at(path, rest, 0.0).position, glm::vec3(0.0f));  // held before the first
  EXPECT_EQ(pose_at(path, rest, 5.0).position, glm::vec3(2.0f, 0.0f, 0.0f));
  EXPECT_NEAR(pose_at(path, rest, 1.5).position.x, 0.5f, 1e-6f);
  path.interpolation = PathInterpolation::smooth;
  EXPECT_NEAR(pose_at(path, rest, 1.5).position.x, 2.0f * 0.15625f, 1e-6f);  // 3s^2 - 2s^3
  EXPECT_NEAR(pose_at(path, rest, 2.0).position.x, 1.0f, 1e-6f);
  EXPECT_EQ(pose_at(ColliderPath{}, rest, 2.0).position, rest.position);
}

}  // namespace
}  // namespace weft::test
