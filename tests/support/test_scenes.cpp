#include "tests/support/test_scenes.h"

#include <random>

#include "sim/model/cloth_grid.h"
#include "sim/model/grid_layout.h"
#include "sim/modules/coloured_distance.h"
#include "sim/modules/grid_jacobi.h"
#include "sim/core/solver_core.h"
#include "sim/model/rope.h"
#include "sim/model/triangle_mesh.h"

namespace weft::test {

namespace {

void set_common(Model& model, Integrator integrator) {
  model.solver.integrator = integrator;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 8;
  model.solver.relaxation_sweeps = 3;
  model.solver.damping_rate = 50.0f;  // 1/s: large (d ~ 0.1 per substep), so a lost term shows
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
  const uint32_t stiff_first = add_rope(model, stiff);
  model.tether_groups.push_back({stiff_first, stiff.node_count, 1.0f, 1.0f});
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
  // that wrongly treats constraint links as springs would show it. The structural links are 20
  // times softer in compression, so that one compliance used for the other shows too.
  cloth.structural = {LinkKind::constraint, 150.0f, 0.3f, 1e-4f, 2e-3f};
  cloth.shear = {LinkKind::constraint, 120.0f, 0.2f, 0.0f};
  cloth.bend = {LinkKind::spring, 200.0f, 0.5f, 0.0f};
  // Stiff enough that a wrong bending step moves the perturbed nodes by millimetres.
  cloth.bending_stiffness = 2e-3f;
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                  grid_corner(cloth, GridCorner::first_row_last_column)};
  add_cloth_grid(model, cloth);
  model.anchors.push_back({cloth.pinned[1], {-0.2f, 0.1f, 0.05f}, false});
  // Tethers 5% longer than the rest distances: they hold near the pins, not far from them.
  model.tether_groups.push_back({0, model.particle_count(), 1.05f, 1.1025f});
  set_common(model, integrator);
  model.environment.spring_damping = SpringDamping::axial;
  model.environment.ground = {GroundMode::projection, 0.25f, 0.0f, 0.0f, 0.0f};
  model.environment.spheres.push_back({{0.1f, 0.1f, 0.0f}, 0.3f});
  model.environment.contact_friction = 0.4f;
  // Coulomb friction on the ground and the sphere: some particles held, some sliding.
  model.environment.static_friction = 0.5f;
  model.environment.kinetic_friction = 0.3f;
  return model;
}

Model mixed_scene(Integrator integrator) {
  Model model;
  RopeDesc rope;
  rope.start = {-0.8f, 0.4f, 0.0f};
  rope.end = {-0.2f, 0.1f, 0.1f};
  rope.node_count = 6;
  rope.node_mass = 0.05f;
  rope.segment = {LinkKind::spring, 150.0f, 0.3f, 0.0f};
  rope.pinned = {0};
  add_rope(model, rope);
  model.anchors.push_back({0, {0.2f, -0.1f, 0.0f}, true});

  ClothGridDesc cloth;
  cloth.columns = 6;
  cloth.rows = 5;
  cloth.origin = {-0.3f, 0.3f, -0.3f};
  cloth.width_axis = {0.6f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -0.1f, 0.5f};
  cloth.particle_mass = 0.08f;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 2e-4f};
  cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  cloth.bend = {LinkKind::spring, 120.0f, 0.4f, 0.0f};
  cloth.bending_stiffness = 1e-3f;
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column)};
  add_cloth_grid(model, cloth);

  RopeDesc stiff = rope;
  stiff.start = {0.4f, 0.2f, 0.3f};
  stiff.end = {1.0f, -0.2f, 0.3f};
  stiff.node_count = 7;
  stiff.segment = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  const uint32_t stiff_first = add_rope(model, stiff);
  // A bending element of three nodes on that rope: a listed element of the general path.
  model.bending.push_back(
      {{stiff_first + 1, stiff_first + 2, stiff_first + 3, 0u}, {1.0f, -2.0f, 1.0f, 0.0f}, 2e-4f});

  model.tether_groups.push_back({6, 30, 1.0f, 1.0f});  // the first grid, hanging from its corner

  ClothGridDesc second = cloth;
  second.columns = 4;
  second.rows = 4;
  second.origin = {0.4f, 0.5f, -0.4f};
  second.width_axis = {0.3f, 0.0f, 0.0f};
  second.height_axis = {0.0f, 0.0f, 0.3f};
  second.structural = {LinkKind::spring, 180.0f, 0.3f, 0.0f};
  second.shear = {LinkKind::spring, 90.0f, 0.2f, 0.0f};
  second.bend = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  // Held at its last corner and the node beside it: the bending element centred on that node is
  // held on one side only, a clamp (bend_grid_lines.comp). Stiff: against the nodes' inertia
  // over a substep, its line solve couples every node of a line with its neighbours two away.
  second.bending_stiffness = 100.0f;
  second.pinned = {grid_corner(second, GridCorner::last_row_last_column),
                   grid_corner(second, GridCorner::last_row_last_column) - 1};
  add_cloth_grid(model, second);

  // A folded strip of four triangles: hinge bending across its three interior edges.
  TriangleMeshDesc strip;
  strip.vertices = {{-0.6f, 0.6f, 0.4f},  {-0.4f, 0.6f, 0.4f},  {-0.6f, 0.5f, 0.55f},
                    {-0.4f, 0.45f, 0.6f}, {-0.6f, 0.3f, 0.65f}, {-0.4f, 0.3f, 0.7f}};
  strip.triangles = {{0, 2, 1}, {1, 2, 3}, {2, 4, 3}, {3, 4, 5}};
  strip.particle_mass = 0.03f;
  strip.edge = {LinkKind::constraint, 0.0f, 0.0f, 1e-4f};
  strip.bend = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  strip.bending_stiffness = 5e-4f;
  // The whole first triangle: the hinge across edge 1-2 is held on one side, a clamp.
  strip.pinned = {0, 1, 2};
  add_triangle_mesh(model, strip);

  set_common(model, integrator);
  // The air on every triangle, with gusts, in air dense enough (40 kg/m^3) that drag, lift and
  // each gust wave change the forces far beyond the tests' tolerances.
  model.environment.air = {40.0f, 1.0f, 0.8f, {{2.0f, 1.0f, 1.5f}, 0.9f, 0.7f}};
  model.solver.variant = SolverVariant::grid;
  model.environment.spring_damping = SpringDamping::axial;
  model.environment.ground = {GroundMode::projection, 0.05f, 0.0f, 0.0f, 0.0f};
  model.environment.spheres.push_back({{0.0f, 0.0f, 0.0f}, 0.25f});
  model.environment.contact_friction = 0.3f;
  return model;
}

Model contact_scene(Integrator integrator) {
  Model model = cloth_scene(integrator);
  model.solver.variant = SolverVariant::general;
  // Rows 5 to 8 of the 12 x 9 cloth folded back over rows 4 to 1, half a column aside and 5 cm
  // up: each particle of the upper layer is 6.7 cm from the nearest of the lower one, closer
  // than the thickness (9 cm, about the spacing).
  const uint32_t columns = 12;
  for (uint32_t r = 5; r < 9; ++r) {
    for (uint32_t c = 0; c < columns; ++c) {
      const glm::vec3 mirror = model.positions[(9 - r) * columns + c];
      model.positions[r * columns + c] = mirror + glm::vec3(0.045f, 0.05f, 0.0f);
    }
  }
  model.contact_groups.push_back({0, model.particle_count(), 0.09f});
  // A second, thinner cloth 6 cm beneath the lower layer: reach between the two is 8 cm. With it
  // 133 particles have contacts: the hash has 1024 buckets, one block of the prefix sum
  // (gpu_self_collision_test sums many on a large grid).
  ClothGridDesc under;
  under.columns = 5;
  under.rows = 5;
  under.origin = {-0.45f, 0.215f, -0.3f};
  under.width_axis = {0.32f, 0.0f, 0.0f};
  under.height_axis = {0.0f, 0.0f, 0.24f};
  under.particle_mass = 0.05f;
  under.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  under.shear = {LinkKind::spring, 80.0f, 0.2f, 0.0f};
  under.bend = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  const uint32_t first = add_cloth_grid(model, under);
  model.contact_groups.push_back({first, under.columns * under.rows, 0.07f});
  model.environment.self_collision = true;
  model.environment.self_friction = 0.6f;
  return model;
}

Model colliders_scene(Integrator integrator) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = 10;
  cloth.rows = 8;
  cloth.origin = {-0.4f, 0.3f, -0.3f};
  cloth.width_axis = {0.8f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -0.1f, 0.6f};
  cloth.particle_mass = 0.05f;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 1e-4f};
  cloth.bend = {LinkKind::spring, 100.0f, 0.3f, 0.0f};
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                  grid_corner(cloth, GridCorner::first_row_last_column)};
  add_cloth_grid(model, cloth);
  // 2 cm thick: contact keeps the particles 1 cm off every collider (self-collision stays off).
  // The last four rows, where the sphere and the box are, are of a material with Coulomb
  // coefficients of its own: they mix with those two's own and stand alone on the plane, which has
  // none. The first four rows have none either.
  const uint32_t plain = 4 * cloth.columns;
  model.contact_groups.push_back({0, plain, 0.02f});
  model.contact_groups.push_back({plain, model.particle_count() - plain, 0.02f});
  model.surface_frictions.push_back(
      {plain, model.particle_count() - plain, ContactFriction{0.6f, 0.3f}});
  model.anchors.push_back({cloth.pinned[0], {0.1f, 0.0f, 0.1f}, false});
  model.tether_groups.push_back({0, model.particle_count(), 1.05f, 1.1025f});
  set_common(model, integrator);
  Environment& env = model.environment;
  env.contact_friction = 0.6f;
  env.static_friction = 0.4f;
  env.kinetic_friction = 0.25f;
  // A sphere rolling across, a plane that tilts, a capsule that swings, a box that slides and
  // turns, and a square of two triangles that rises: each overlaps some particles.
  Sphere sphere{{0.3f, 0.2f, 0.2f}, 0.1f, {}, ContactFriction{0.8f, 0.5f}};
  sphere.path.keyframes = {{0.0, {{0.3f, 0.2f, 0.2f}}}, {0.2, {{0.1f, 0.2f, 0.25f}}}};
  env.spheres.push_back(sphere);
  auto path = [](ColliderPose a, ColliderPose b, PathInterpolation interpolation) {
    ColliderPath p;
    p.keyframes = {{0.0, a}, {0.1, b}};
    p.interpolation = interpolation;
    return p;
  };
  Collider plane;
  plane.shape = ColliderShape::plane;
  plane.pose = {{0.0f, 0.22f, 0.0f}, rotation_from_degrees({8.0f, 0.0f, -10.0f})};
  plane.path = path(plane.pose, {{0.0f, 0.24f, 0.0f}, rotation_from_degrees({-5.0f, 0.0f, 6.0f})},
                    PathInterpolation::smooth);
  Collider capsule;
  capsule.shape = ColliderShape::capsule;
  capsule.radius = 0.07f;
  capsule.half_length = 0.12f;
  capsule.pose = {{-0.2f, 0.26f, 0.0f}, rotation_from_degrees({0.0f, 20.0f, 90.0f})};
  capsule.path = path(capsule.pose, {{-0.2f, 0.27f, 0.05f}, rotation_from_degrees({0, 60, 90})},
                      PathInterpolation::linear);
  Collider box;
  box.shape = ColliderShape::box;
  box.half_extents = {0.1f, 0.04f, 0.08f};
  box.friction = ContactFriction{0.1f, 0.05f};  // its own, slipperier than the environment's
  box.pose = {{0.2f, 0.25f, 0.05f}, rotation_from_degrees({0.0f, 30.0f, 0.0f})};
  box.path = path(box.pose, {{0.25f, 0.25f, 0.0f}, rotation_from_degrees({0.0f, 50.0f, 10.0f})},
                  PathInterpolation::smooth);
  Collider mesh;
  mesh.shape = ColliderShape::mesh;
  mesh.margin = 0.02f;
  mesh.triangles = {{-0.15f, 0.0f, -0.15f}, {-0.15f, 0.0f, 0.15f}, {0.15f, 0.0f, 0.15f},
                    {-0.15f, 0.0f, -0.15f}, {0.15f, 0.0f, 0.15f},  {0.15f, 0.0f, -0.15f}};
  // In the middle of the cloth's particles there, so that some start above it and some below.
  mesh.pose = {{0.0f, 0.275f, -0.15f}, rotation_from_degrees({5.0f, 0.0f, 0.0f})};
  mesh.path =
      path(mesh.pose, {{0.0f, 0.285f, -0.15f}, mesh.pose.rotation}, PathInterpolation::linear);
  env.colliders = {plane, capsule, box, mesh};
  return model;
}

Model make_test_scene(TestScene scene, Integrator integrator) {
  if (scene == TestScene::rope) return rope_scene(integrator);
  if (scene == TestScene::colliders) return colliders_scene(integrator);
  if (scene == TestScene::mixed) return mixed_scene(integrator);
  if (scene == TestScene::contact) return contact_scene(integrator);
  Model model = cloth_scene(integrator);
  model.solver.variant = scene == TestScene::cloth ? SolverVariant::general : SolverVariant::grid;
  return model;
}

std::string test_scene_name(TestScene scene, Integrator integrator) {
  std::string name = scene == TestScene::rope         ? "Rope"
                     : scene == TestScene::cloth      ? "Cloth"
                     : scene == TestScene::cloth_grid ? "ClothGrid"
                     : scene == TestScene::mixed      ? "Mixed"
                     : scene == TestScene::colliders  ? "Colliders"
                                                      : "Contact";
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
  const SolverCore core(model);
  for (uint64_t size : core.state_array_sizes())
    state.module_arrays.emplace_back(size, 0.0f);
  if (const ColouredDistance* distance = core.find<ColouredDistance>()) {
    for (float& lambda : state.module_arrays[distance->first_state_array])
      lambda = 1e-4f * speed(random);
  }
  if (const GridJacobi* jacobi = core.find<GridJacobi>(); jacobi && jacobi->lambda_count() > 0) {
    // Only the slots of links that exist and are constraints are ever read.
    std::vector<float>& lambdas = state.module_arrays[jacobi->first_state_array];
    for (size_t g = 0; g < jacobi->grids().layouts().size(); ++g) {
      const GridLayout& layout = jacobi->grids().layouts()[g];
      const uint32_t first_thread = jacobi->grids().params()[g].first_thread;
      for_each_grid_link(layout, [&](uint32_t a, uint32_t, GridLinkKind kind, uint32_t slot) {
        if (has_constraint(grid_material(layout, kind).kind)) {
          lambdas[(first_thread + a) * kGridLambdasPerParticle + slot] = 1e-4f * speed(random);
        }
      });
    }
  }
  return state;
}

}  // namespace weft::test
