#include "tests/support/test_scenes.h"

#include <random>

#include "sim/cloth_grid.h"
#include "sim/grid_layout.h"
#include "sim/packed_model.h"
#include "sim/rope.h"

namespace weft::test {

namespace {

void set_common(Model& model, Integrator integrator) {
  model.solver.integrator = integrator;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 8;
  model.solver.relaxation_sweeps = 3;
  model.solver.verlet_damping = 0.1f;  // large, so that a lost damping term shows
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  model.environment.wind = {1.5f, 0.0f, -0.5f};
  model.environment.air_drag = 0.3f;
}

}  // namespace

Model rope_scene(Integrator integrator) {
  Model model;
  RopeDesc rope;
  rope.start = {0.0f, 0.1f, 0.0f};
  rope.end = {1.2f, -0.25f, 0.1f};
  rope.node_count = 24;
  rope.node_mass = 0.1f;
  rope.segment = {LinkKind::spring, 200.0f, 0.5f, 0.0f};
  rope.pinned = {0};
  add_rope(model, rope);
  model.anchors.push_back({0, {0.3f, -2.0f, 0.1f}, true});
  // GAMES101's constraint rope beside it: compliance 0, node 0 pinned.
  RopeDesc stiff = rope;
  stiff.start = {0.0f, 0.1f, 0.4f};
  stiff.end = {1.0f, -0.3f, 0.5f};
  stiff.node_count = 16;
  stiff.segment = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  add_rope(model, stiff);
  set_common(model, integrator);
  model.environment.spring_damping = SpringDamping::relative;
  model.environment.ground = {GroundMode::force, -0.1f, 100.0f, 0.4f, 0.6f};
  return model;
}

Model cloth_scene(Integrator integrator) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = 12;
  cloth.rows = 9;
  cloth.origin = {-0.5f, 0.3f, -0.4f};
  cloth.width_axis = {1.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -0.1f, 0.8f};
  cloth.particle_mass = 0.1f;
  // The constraints' stiffness and damping do not apply to them; they are set so that a path
  // that wrongly treats constraint links as springs would show it.
  cloth.structural = {LinkKind::constraint, 150.0f, 0.3f, 1e-4f};
  cloth.shear = {LinkKind::constraint, 120.0f, 0.2f, 0.0f};
  cloth.bend = {LinkKind::spring, 200.0f, 0.5f, 0.0f};
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                  grid_corner(cloth, GridCorner::first_row_last_column)};
  add_cloth_grid(model, cloth);
  model.anchors.push_back({cloth.pinned[1], {-0.2f, 0.1f, 0.05f}, false});
  set_common(model, integrator);
  model.environment.spring_damping = SpringDamping::axial;
  model.environment.ground = {GroundMode::projection, 0.25f, 0.0f, 0.0f, 0.0f};
  model.environment.spheres.push_back({{0.1f, 0.1f, 0.0f}, 0.3f});
  model.environment.contact_friction = 0.4f;
  return model;
}

Model make_test_scene(TestScene scene, Integrator integrator) {
  if (scene == TestScene::rope) return rope_scene(integrator);
  Model model = cloth_scene(integrator);
  model.solver.variant = scene == TestScene::cloth ? SolverVariant::general : SolverVariant::grid;
  return model;
}

std::string test_scene_name(TestScene scene, Integrator integrator) {
  std::string name = scene == TestScene::rope    ? "Rope"
                     : scene == TestScene::cloth ? "Cloth"
                                                 : "ClothGrid";
  switch (integrator) {
    case Integrator::explicit_euler: return name + "ExplicitEuler";
    case Integrator::semi_implicit_euler: return name + "SemiImplicitEuler";
    case Integrator::verlet: return name + "Verlet";
  }
  return name;
}

ParticleState<float> perturbed_state(const Model& model, float dt, uint32_t seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> offset(-0.02f, 0.02f);
  std::uniform_real_distribution<float> speed(-1.0f, 1.0f);
  const size_t n = model.positions.size();
  ParticleState<float> state;
  state.positions.resize(n);
  state.previous.resize(n);
  state.velocities.resize(n);
  state.forces.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const glm::vec3 jitter(offset(random), offset(random), offset(random));
    const glm::vec3 v(speed(random), speed(random), speed(random));
    const glm::vec3 x = model.positions[i] + jitter;
    const glm::vec3 noise(offset(random), offset(random), offset(random));
    state.positions[i] = glm::vec4(x, model.inverse_masses[i]);
    state.velocities[i] = glm::vec4(v, 0.0f);
    state.previous[i] = glm::vec4(x - v * dt + 0.01f * noise, 0.0f);
    state.forces[i] = glm::vec4(speed(random), speed(random), speed(random), 0.0f);
  }
  const PackedModel packed = pack_model(model);
  state.lambdas.assign(packed.lambda_count(), 0.0f);
  if (packed.grid_path) {
    // Only the slots of links that exist and are constraints are ever read.
    for_each_grid_link(*packed.grid, [&](uint32_t a, uint32_t, GridLinkKind kind, uint32_t slot) {
      if (has_constraint(grid_material(*packed.grid, kind).kind)) {
        state.lambdas[a * kGridLambdasPerParticle + slot] = 1e-4f * speed(random);
      }
    });
  } else {
    for (float& lambda : state.lambdas)
      lambda = 1e-4f * speed(random);
  }
  return state;
}

}  // namespace weft::test
