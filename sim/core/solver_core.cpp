#include "sim/core/solver_core.h"

#include <algorithm>

#include <cmath>
#include <string>

#include "sim/model/model_error.h"
#include "sim/model/model_validation.h"
#include "sim/core/module_registry.h"
#include "sim/core/solver_paths.h"

namespace weft {

float substep_damping(float damping_rate, float dt) {
  // 1 - exp(-x) without the cancellation of small x.
  return static_cast<float>(-std::expm1(-double{damping_rate} * double{dt}));
}

gpu::SimParams make_sim_params(const Model& model) {
  const Environment& env = model.environment;
  gpu::SimParams params{};
  params.gravity = glm::vec4(env.gravity, 0.0f);
  params.wind = glm::vec4(env.wind, 0.0f);
  params.ground = glm::vec4(env.ground.height, env.ground.repulsion, env.ground.friction,
                            env.ground.absorption);
  params.dt = model.solver.frame_dt / static_cast<float>(model.solver.substeps);
  params.air_drag = env.air_drag;
  params.verlet_damping = substep_damping(model.solver.damping_rate, params.dt);
  params.contact_friction = env.contact_friction;
  params.friction = {env.static_friction, env.kinetic_friction, 0.0f, 0.0f};
  params.particle_count = model.particle_count();
  params.integrator = static_cast<uint32_t>(model.solver.integrator);
  params.ground_mode = static_cast<uint32_t>(env.ground.mode);
  params.spring_damping = static_cast<uint32_t>(env.spring_damping);
  return params;
}

SolverCore::SolverCore(const Model& model) {
  validate_model(model);
  params_ = make_sim_params(model);
  origin_ = model.origin;
  settings_ = model.solver;
  const uint32_t n = model.particle_count();
  const float dt = params_.dt;
  const bool verlet = model.solver.integrator == Integrator::verlet;
  positions_.resize(n);
  previous_.resize(n);
  velocities_.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    // A pinned particle starts at rest: only an anchor moves it.
    const float w = model.inverse_masses[i];
    const glm::vec3 x = model.positions[i];
    const glm::vec3 v = w > 0.0f ? model.velocities[i] : glm::vec3(0.0f);
    positions_[i] = glm::vec4(x, w);
    previous_[i] = glm::vec4(verlet ? x - v * dt : x, 0.0f);
    // Verlet keeps its velocity in previous_; velocities_ then holds what rounding left out of
    // a step (shaders/integrate.comp), nothing yet.
    velocities_[i] = glm::vec4(verlet ? glm::vec3(0.0f) : v, 0.0f);
  }

  link_state_ = initial_link_state(model);

  const SolverPaths paths(model);
  refuse_frames_that_cannot_fit(paths);
  modules_ = build_modules({model, paths, params_});
  for (uint32_t m = 0; m < modules_.size(); ++m) {
    SolverModule& module = *modules_[m];
    module.index = m;
    module.first_state_array = static_cast<uint32_t>(state_array_sizes_.size());
    for (const ModuleBuffer& buffer : module.buffers()) {
      if (!buffer.state) continue;
      state_array_sizes_.push_back(buffer.bytes / sizeof(float));
      state_array_names_.push_back(std::string(module.name()) + ": " + buffer.name);
    }
  }
  model_anchor_count_ = static_cast<uint32_t>(model.anchors.size());
  // A frame of the model's own settings must fit (begin_frame checks every frame's shape).
  FrameShape shape = full_shape(settings_.substeps);
  const uint64_t n0 = [&] {
    FrameShape one = shape;
    one.substeps = 1;
    return build_schedule(one).size();
  }();
  if (n0 * settings_.substeps > kMaxStepsPerFrame) {
    throw ModelError("a frame of " + std::to_string(settings_.substeps) + " substeps x " +
                     std::to_string(shape.relaxation_sweeps) + " relaxation sweeps runs about " +
                     std::to_string(n0 * settings_.substeps) + " passes; at most " +
                     std::to_string(kMaxStepsPerFrame) +
                     " fit in one frame (fewer substeps or sweeps)");
  }
}

SolverCore::~SolverCore() = default;

void SolverCore::refuse_frames_that_cannot_fit(const SolverPaths& paths) const {
  // Each sweep relaxes the constraints one colour at a time, and a particle's constraints all
  // need colours of their own: a frame runs at least substeps x sweeps x (the most constraints
  // at one particle) passes. Colouring takes time quadratic in that number, so a frame that
  // cannot fit is refused before it (a polygon of 200,000 corners joins its first corner to
  // every other).
  std::vector<uint32_t> at_particle(params_.particle_count, 0);
  uint32_t most = 0;
  for (const DistanceConstraint& c : paths.constraints()) {
    most = std::max({most, ++at_particle[c.a], ++at_particle[c.b]});
  }
  const uint64_t passes =
      uint64_t{settings_.substeps} * settings_.relaxation_sweeps * uint64_t{most};
  if (passes > kMaxStepsPerFrame) {
    throw ModelError(
        "a frame of " + std::to_string(settings_.substeps) + " substeps x " +
        std::to_string(settings_.relaxation_sweeps) + " relaxation sweeps runs at least " +
        std::to_string(passes) + " passes (a particle takes part in " + std::to_string(most) +
        " constraints, each in a pass of its own); at most " + std::to_string(kMaxStepsPerFrame) +
        " fit in one frame (fewer substeps or sweeps, or a mesh whose vertices "
        "join fewer edges)");
  }
}

FrameShape SolverCore::full_shape(uint32_t substeps) const {
  FrameShape shape;
  shape.substeps = substeps;
  shape.integrator = params_.integrator;
  for (const auto& module : modules_) {
    if (module->has_constraints()) shape.relaxation_sweeps = settings_.relaxation_sweeps;
  }
  shape.active.assign(modules_.size(), true);
  return shape;
}

FrameShape SolverCore::current_shape(uint32_t substeps) const {
  FrameShape shape = full_shape(substeps);
  uint32_t force_writers = 0;
  bool environment_only = false;
  for (size_t m = 0; m < modules_.size(); ++m) {
    shape.active[m] = modules_[m]->active();
    if (!shape.active[m] || !modules_[m]->writes_forces()) continue;
    ++force_writers;
    environment_only = modules_[m]->gathers_environment_only();
  }
  // A cloth of constraints only: its one force gather would write nothing but gravity and air,
  // which the integrator can compute where it reads them (one pass fewer per substep).
  shape.environment_in_integration = force_writers == 1 && environment_only;
  // The first module of the project stage decides: only it sees the particles as integrated.
  for (size_t m = 0; m < modules_.size(); ++m) {
    if (!shape.active[m] || !modules_[m]->has_constraints()) continue;
    shape.integration_in_lines =
        shape.relaxation_sweeps > 0 && modules_[m]->integrates_every_particle();
    break;
  }
  return shape;
}

FrameShape SolverCore::begin_frame(float frame_dt, uint32_t substeps) {
  if (substeps == 0 || !(frame_dt > 0.0f) || !std::isfinite(frame_dt)) {
    throw ModelError("a frame needs frame_dt > 0 and at least one substep");
  }
  set_substep(frame_dt / static_cast<float>(substeps));
  for (const auto& module : modules_) {
    module->frame_time(time_, double{frame_dt});
    module->begin_frame();
  }
  time_ += double{frame_dt};
  return current_shape(substeps);
}

void SolverCore::pose_at(double time, float frame_dt) {
  for (const auto& module : modules_)
    module->frame_time(time - double{frame_dt}, double{frame_dt});
}

void SolverCore::end_frame() {
  for (const auto& module : modules_)
    module->end_frame();
}

void SolverCore::begin_pass(float dt) {
  for (const auto& module : modules_)
    module->begin_frame();
  set_substep(dt);
}

void SolverCore::set_substep(float dt) {
  params_.dt = dt;
  params_.verlet_damping = substep_damping(settings_.damping_rate, dt);
}

std::vector<Step> SolverCore::build_schedule(const FrameShape& shape) const {
  std::vector<Step> steps;
  auto add = [&](Stage stage, uint32_t substep, uint32_t sweep) {
    for (size_t m = 0; m < modules_.size(); ++m) {
      if (shape.active[m]) modules_[m]->schedule(stage, shape, substep, sweep, steps);
    }
  };
  for (uint32_t s = 0; s < shape.substeps; ++s) {
    add(Stage::forces, s, 0);
    add(Stage::integrate, s, 0);
    add(Stage::anchors, s, 0);
    for (uint32_t sweep = 0; sweep < shape.relaxation_sweeps; ++sweep)
      add(Stage::project, s, sweep);
    add(Stage::after_sweeps, s, 0);
    add(Stage::contact, s, 0);
    add(Stage::after_project, s, 0);
    add(Stage::after_self_collision, s, 0);
  }
  return steps;
}

const std::vector<Step>& SolverCore::schedule(const FrameShape& shape) {
  if (schedule_generation_ > 0 && shape == scheduled_shape_) return schedule_;
  // The first substep may differ from the others (one-shot forces); the rest repeat the second.
  FrameShape probe = shape;
  probe.substeps = std::min(shape.substeps, 2u);
  const std::vector<Step> first_two = build_schedule(probe);
  uint64_t first = 0;
  while (first < first_two.size() && first_two[first].substep == 0)
    ++first;
  const uint64_t total = first + (shape.substeps - 1) * (first_two.size() - first);
  if (total > kMaxStepsPerFrame) {
    throw ModelError("a frame of " + std::to_string(shape.substeps) + " substeps x " +
                     std::to_string(shape.relaxation_sweeps) + " relaxation sweeps runs " +
                     std::to_string(total) + " passes; at most " +
                     std::to_string(kMaxStepsPerFrame) +
                     " fit in one frame (fewer substeps or sweeps)");
  }
  schedule_ = build_schedule(shape);
  scheduled_shape_ = shape;
  ++schedule_generation_;
  return schedule_;
}

std::vector<Step> SolverCore::health_steps() const {
  std::vector<Step> steps;
  for (const auto& module : modules_)
    module->schedule_health(steps);
  return steps;
}

void SolverCore::set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) {
  if (!std::isfinite(velocity.x) || !std::isfinite(velocity.y) || !std::isfinite(velocity.z)) {
    throw ModelError("anchor " + std::to_string(anchor) + ": a velocity must be finite");
  }
  hand_to_modules(AnchorVelocityEdit{anchor, velocity},
                  "anchor " + std::to_string(anchor) + " does not exist (the model has none)");
}

void SolverCore::apply_force_once(uint32_t particle, const glm::vec3& force) {
  hand_to_modules(OneShotForceEdit{particle, force}, "this simulation takes no one-shot forces");
}

void SolverCore::hand_to_modules(const SolverEdit& edit, const std::string& refusal) {
  for (const auto& module : modules_) {
    if (module->take(edit)) return;
  }
  throw ModelError(refusal);
}

void SolverCore::set_inverse_mass(uint32_t particle, float inverse_mass) {
  set_inverse_masses({{particle, inverse_mass}});
}

void SolverCore::set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits) {
  for (const auto& [particle, inverse_mass] : edits) {
    if (particle >= particle_count()) {
      throw ModelError("particle " + std::to_string(particle) + " does not exist (the model has " +
                       std::to_string(particle_count()) + ")");
    }
    if (!(inverse_mass >= 0.0f) || !std::isfinite(inverse_mass)) {
      throw ModelError("inverse mass must be finite and >= 0, got " + std::to_string(inverse_mass));
    }
  }
  bool pins_changed = false;
  for (const auto& [particle, inverse_mass] : edits) {
    const bool was_pinned = positions_[particle].w == 0.0f;
    write_inverse_mass(particle, inverse_mass);
    pins_changed = pins_changed || was_pinned != (inverse_mass == 0.0f);
  }
  // Once for the whole batch: the modules that hang from pins (tethers) search them again.
  if (!pins_changed) return;
  std::vector<float> inverse_masses(positions_.size());
  for (size_t i = 0; i < positions_.size(); ++i)
    inverse_masses[i] = positions_[i].w;
  for (const auto& module : modules_)
    module->pins_changed(inverse_masses);
}

void SolverCore::write_inverse_mass(uint32_t particle, float inverse_mass) {
  positions_[particle].w = inverse_mass;
  // One edit per particle until they are taken: the GPU writes them without barriers between
  // them, so two writes to one particle would race (a pin and its undoing while paused).
  const auto [slot, added] =
      inverse_mass_edit_slots_.try_emplace(particle, inverse_mass_edits_.size());
  if (added) {
    inverse_mass_edits_.emplace_back(particle, inverse_mass);
  } else {
    inverse_mass_edits_[slot->second].second = inverse_mass;
  }
}

std::vector<std::pair<uint32_t, float>> SolverCore::take_inverse_mass_edits() {
  inverse_mass_edit_slots_.clear();
  return std::exchange(inverse_mass_edits_, {});
}

void SolverCore::drag(uint32_t particle, const glm::vec3& target, float follow_time) {
  if (particle >= particle_count()) {
    throw ModelError("cannot drag particle " + std::to_string(particle) + ": the model has " +
                     std::to_string(particle_count()));
  }
  if (!std::isfinite(target.x) || !std::isfinite(target.y) || !std::isfinite(target.z)) {
    throw ModelError("a drag target must be finite");
  }
  if (!(follow_time >= 0.0f) || !std::isfinite(follow_time)) {
    throw ModelError("a drag's follow time must be finite and >= 0, got " +
                     std::to_string(follow_time));
  }
  // The module that drags refuses a particle it cannot drag before anything changes here; a drag
  // of another particle takes the place of the one under way.
  hand_to_modules(DragEdit{particle, target, follow_time}, "this simulation cannot drag");
  if (drag_.active && drag_.particle != particle) {
    write_inverse_mass(drag_.particle, drag_.saved_inverse_mass);
    drag_ = {};
  }
  if (!drag_.active) {
    // A drag pins its particle for a moment: not a pin the cloth hangs from (tethers stay).
    drag_ = {true, particle, positions_[particle].w};
    write_inverse_mass(particle, 0.0f);
  }
}

void SolverCore::end_drag() {
  if (!drag_.active) return;
  write_inverse_mass(drag_.particle, drag_.saved_inverse_mass);
  hand_to_modules(DragEndEdit{}, "this simulation cannot drag");
  drag_ = {};
}

void SolverCore::cut_links(const std::vector<LinkCut>& cuts) {
  hand_to_modules(LinkCutsEdit{cuts},
                  "nothing to cut: no cloth in this simulation can tear (give its material a "
                  "break_strain)");
}

std::vector<SolverCore::BufferEdit> SolverCore::edit(const Model& model, EditScope scope) {
  validate_model(model);
  if (model.particle_count() != particle_count()) {
    throw ModelError("a live edit cannot change the number of particles (" +
                     std::to_string(particle_count()) + " running, " +
                     std::to_string(model.particle_count()) +
                     " edited); rebuild the simulation instead");
  }
  if (model.anchors.size() != model_anchor_count_) {
    throw ModelError("a live edit cannot change the number of anchors (" +
                     std::to_string(model_anchor_count_) + " running, " +
                     std::to_string(model.anchors.size()) +
                     " edited); rebuild the simulation instead");
  }
  if (model.solver.variant != settings_.variant) {
    throw ModelError("a live edit cannot change the solver path; rebuild the simulation instead");
  }
  const SolverPaths paths(model, scope == EditScope::materials);
  std::vector<BufferEdit> edits;
  for (const auto& module : modules_) {
    for (uint32_t buffer : module->apply_edit(model, paths, scope))
      edits.push_back({module->index, buffer});
  }
  scheduled_shape_.substeps = 0;  // a module's steps may follow the edit: build them again
  return edits;
}

std::vector<SolverCore::BufferEdit> SolverCore::set_parameters(const Model& model) {
  std::vector<BufferEdit> edits = edit(model, EditScope::parameters);
  const uint32_t particles = params_.particle_count;
  params_ = make_sim_params(model);
  params_.particle_count = particles;
  settings_ = model.solver;
  return edits;
}

std::vector<SolverCore::BufferEdit> SolverCore::set_link_materials(const Model& model) {
  return edit(model, EditScope::materials);
}

}  // namespace weft
