#include "sim/packed_model.h"

#include "sim/model_error.h"
#include "sim/model_validation.h"

namespace weft {

gpu::SimParams make_sim_params(const Model& model) {
  const Environment& env = model.environment;
  gpu::SimParams params{};
  params.gravity = glm::vec4(env.gravity, 0.0f);
  params.wind = glm::vec4(env.wind, 0.0f);
  params.ground = glm::vec4(env.ground.height, env.ground.repulsion, env.ground.friction,
                            env.ground.absorption);
  params.dt = model.solver.frame_dt / static_cast<float>(model.solver.substeps);
  params.air_drag = env.air_drag;
  params.verlet_damping = model.solver.verlet_damping;
  params.contact_friction = env.contact_friction;
  params.particle_count = model.particle_count();
  params.integrator = static_cast<uint32_t>(model.solver.integrator);
  params.ground_mode = static_cast<uint32_t>(env.ground.mode);
  params.spring_damping = static_cast<uint32_t>(env.spring_damping);
  params.anchor_count = static_cast<uint32_t>(model.anchors.size());
  params.sphere_count = static_cast<uint32_t>(env.spheres.size());
  params.constraint_count = static_cast<uint32_t>(model.constraints.size());
  params.external_force_count = 0;
  return params;
}

size_t PackedModel::lambda_count() const {
  if (!grid_path) return constraints.constraints.size();
  return grid_params.uses_lambdas ? size_t{particle_count()} * kGridLambdasPerParticle : 0;
}

namespace {

bool takes_grid_path(const Model& model) {
  const std::optional<std::string> refusal = grid_path_refusal(model);
  switch (model.solver.variant) {
    case SolverVariant::general: return false;
    case SolverVariant::automatic: return !refusal && !model.grid->links_listed;
    case SolverVariant::grid:
      if (refusal) throw ModelError("the grid solver path cannot run this model: " + *refusal);
      return true;
  }
  return false;
}

// Springs, constraints and their per-pass layouts for the general path; a grid whose links are
// not listed has them listed here.
void pack_links(const Model& model, PackedModel& packed) {
  const Model* source = &model;
  Model listed;
  if (model.grid && !model.grid->links_listed) {
    listed.springs = model.springs;
    listed.constraints = model.constraints;
    list_grid_links(*model.grid, listed);
    source = &listed;
  }
  packed.springs = build_spring_adjacency(model.particle_count(), source->springs);
  packed.constraints = color_constraints(model.particle_count(), source->constraints);
  packed.params.constraint_count = static_cast<uint32_t>(packed.constraints.constraints.size());
}

}  // namespace

PackedModel pack_model(const Model& model) {
  validate_model(model);
  PackedModel packed;
  packed.params = make_sim_params(model);
  packed.solver = model.solver;
  packed.grid_path = takes_grid_path(model);
  const uint32_t n = model.particle_count();
  const float dt = packed.params.dt;
  const bool verlet = model.solver.integrator == Integrator::verlet;
  packed.positions.resize(n);
  packed.previous.resize(n);
  packed.velocities.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    const glm::vec3 x = model.positions[i];
    const glm::vec3 v = model.velocities[i];
    // A pinned particle starts at rest: only an anchor moves it.
    const float w = model.inverse_masses[i];
    const glm::vec3 start_velocity = w > 0.0f ? v : glm::vec3(0.0f);
    packed.positions[i] = glm::vec4(x, w);
    packed.previous[i] = glm::vec4(verlet ? x - start_velocity * dt : x, 0.0f);
    packed.velocities[i] = glm::vec4(start_velocity, 0.0f);
  }
  if (packed.grid_path) {
    packed.grid = model.grid;
    packed.grid_params = make_grid_params(*model.grid);
    packed.params.constraint_count = 0;
  } else {
    pack_links(model, packed);
  }
  for (const Anchor& anchor : model.anchors) {
    gpu::Anchor a{};
    a.velocity = glm::vec4(anchor.velocity, 0.0f);
    a.particle = anchor.particle;
    a.keep_above_ground = anchor.keep_above_ground ? 1u : 0u;
    packed.anchors.push_back(a);
  }
  packed.anchors.push_back(gpu::Anchor{});  // the drag slot, idle
  for (const Sphere& sphere : model.environment.spheres) {
    packed.spheres.push_back(glm::vec4(sphere.center, sphere.radius));
  }
  return packed;
}

}  // namespace weft
