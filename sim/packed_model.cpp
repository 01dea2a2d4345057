#include "sim/packed_model.h"

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

PackedModel pack_model(const Model& model) {
  validate_model(model);
  PackedModel packed;
  packed.params = make_sim_params(model);
  packed.solver = model.solver;
  const uint32_t n = model.particle_count();
  const float dt = packed.params.dt;
  const bool verlet = model.solver.integrator == Integrator::verlet;
  packed.positions.resize(n);
  packed.previous.resize(n);
  packed.velocities.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    const glm::vec3 x = model.positions[i];
    const glm::vec3 v = model.velocities[i];
    packed.positions[i] = glm::vec4(x, model.inverse_masses[i]);
    packed.previous[i] = glm::vec4(verlet ? x - v * dt : x, 0.0f);
    packed.velocities[i] = glm::vec4(v, 0.0f);
  }
  packed.springs = build_spring_adjacency(n, model.springs);
  packed.constraints = color_constraints(n, model.constraints);
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
