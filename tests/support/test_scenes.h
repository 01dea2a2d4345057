// Small scenes that exercise every term of the model, shared by the GPU-vs-CPU tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>

#include "sim/model/model.h"
#include "sim/core/particle_state.h"

namespace weft::test {

// A NeHe-style rope: springs with relative-velocity friction, air drag towards a wind, the NeHe
// ground force model (the rope lies partly below the ground), node 0 pinned and driven by an
// anchor that moves down into the ground (so its clamp acts); beside it GAMES101's inextensible
// rope of distance constraints, tethered to its pinned end.
Model rope_scene(Integrator integrator);

// A cloth: structural links as compliant constraints, shear as inextensible constraints, bend as
// springs with axial damping; two corners pinned (one driven by an anchor) with tethers to them,
// a sphere collider it overlaps, a projection ground plane above some of its particles, contact
// friction.
Model cloth_scene(Integrator integrator);

// Several objects in one solver: a spring rope, a cloth grid, a constraint rope and a second grid
// of springs only, with both grids on the grid path and the ropes on the general one, so that
// every module covers particles that are neither first nor contiguous; the air (drag, lift,
// gusts) on all their triangles.
Model mixed_scene(Integrator integrator);

// cloth_scene's cloth with its second half folded back over its first, a little closer than its
// thickness, and a second cloth of another thickness just beneath: self-collision and
// cloth-to-cloth contact with friction, on the general path.
Model contact_scene(Integrator integrator);

// A cloth hanging from two corners (one driven, tethers to both) among moving colliders of every
// kind (a sphere, a tilting plane, a swinging capsule, a turning box, a rising mesh of two
// triangles) with contact friction, half the cloth of a material with Coulomb coefficients of its
// own: each collider overlaps some of its particles.
Model colliders_scene(Integrator integrator);

enum class TestScene {
  rope,        // rope_scene: the general path
  cloth,       // cloth_scene on the general path (adjacency, coloured constraints)
  cloth_grid,  // the same cloth on the grid path (neighbours by index, Jacobi sweeps)
  mixed,       // mixed_scene: both paths in one solver
  contact,     // contact_scene: self-collision and cloth-to-cloth contact
  colliders,   // colliders_scene: moving colliders of every shape
};

Model make_test_scene(TestScene scene, Integrator integrator);
std::string test_scene_name(TestScene scene, Integrator integrator);  // "ClothGridVerlet"

// Every scene with every integrator, for INSTANTIATE_TEST_SUITE_P, and its test names.
inline auto every_scene_and_integrator() {
  return ::testing::Combine(
      ::testing::Values(TestScene::rope, TestScene::cloth, TestScene::cloth_grid, TestScene::mixed,
                        TestScene::contact, TestScene::colliders),
      ::testing::Values(Integrator::explicit_euler, Integrator::semi_implicit_euler,
                        Integrator::verlet));
}
inline std::string scene_and_integrator_name(
    const ::testing::TestParamInfo<std::tuple<TestScene, Integrator>>& info) {
  return test_scene_name(std::get<0>(info.param), std::get<1>(info.param));
}

// The model's initial state, pushed away from rest deterministically: every position moved by up
// to 2 cm, velocities up to 1 m/s, previous positions consistent with those velocities plus
// noise. Every force term is then of a size a test can see. The XPBD multipliers are random too
// (those the grid path leaves unused are zero).
ParticleState<float> perturbed_state(const Model& model, float dt, uint32_t seed);

}  // namespace weft::test
