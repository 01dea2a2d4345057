// What the CPU reference and the GPU solver share: the model packed for them (the particle
// state's starting values and the module list, module_registry.h), the schedule of a frame, and
// every edit a program makes while the simulation runs (anchor velocities, one-shot forces,
// pins, a mouse drag, live parameters). The two solvers differ only in where the state lives and
// how a step is executed, so every edit is checked once, here, and fails the same way on both.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <unordered_map>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "sim/model/link_state.h"
#include "sim/model/model.h"
#include "sim/model/particle_drag.h"
#include "sim/core/solver_module.h"

namespace weft {

// At most this many passes in one frame: a frame's schedule (and on the GPU its command buffer)
// holds one entry per pass, substeps x sweeps x colours of them.
constexpr uint64_t kMaxStepsPerFrame = 200000;

class SolverCore {
 public:
  // Validates the model and packs it (ModelError for a model that cannot be simulated).
  explicit SolverCore(const Model& model);
  ~SolverCore();
  SolverCore(const SolverCore&) = delete;
  SolverCore& operator=(const SolverCore&) = delete;

  const gpu::SimParams& params() const { return params_; }
  // Where the model's frame sits in the world (Model::origin): the solver works in that frame.
  const glm::dvec3& origin() const { return origin_; }
  const SolverSettings& settings() const { return settings_; }
  uint32_t particle_count() const { return params_.particle_count; }
  // The particle state the solvers start from (positions' w: inverse mass, kept current by
  // set_inverse_mass and drags).
  const std::vector<glm::vec4>& positions() const { return positions_; }
  const std::vector<glm::vec4>& previous() const { return previous_; }
  const std::vector<glm::vec4>& velocities() const { return velocities_; }
  // Per particle, its torn links at the start (link_state.h): nothing torn.
  const std::vector<uint32_t>& link_state() const { return link_state_; }

  const std::vector<std::unique_ptr<SolverModule>>& modules() const { return modules_; }
  const SolverModule& module(uint32_t index) const { return *modules_.at(index); }
  // The module of this kind, or nullptr when the model has none.
  template <typename Module>
  const Module* find() const {
    for (const auto& m : modules_)
      if (auto* found = dynamic_cast<const Module*>(m.get())) return found;
    return nullptr;
  }
  // The floats in each module state array (ParticleState::module_arrays), in order, and a name
  // for each ("distance constraints: lambdas").
  const std::vector<uint64_t>& state_array_sizes() const { return state_array_sizes_; }
  const std::vector<std::string>& state_array_names() const { return state_array_names_; }

  // A frame: begin_frame sets the substep length and lets the modules take what was queued for
  // this frame; the shape names its steps (schedule); end_frame drops what was for it only.
  // Throws ModelError for frame_dt <= 0, no substeps, or a frame of more than kMaxStepsPerFrame
  // passes.
  FrameShape begin_frame(float frame_dt, uint32_t substeps);
  void end_frame();
  // Moves what follows the clock (colliders on paths) to where it is at the end of the frame of
  // `frame_dt` that ends at `time`, without running a frame: a solver that draws another's run.
  void pose_at(double time, float frame_dt);
  // The steps of a frame of this shape, built when the shape changes and kept until it does.
  const std::vector<Step>& schedule(const FrameShape& shape);
  // Counts the schedule's rebuilds: what the GPU solver keys its labels by.
  uint64_t schedule_generation() const { return schedule_generation_; }
  // The steps a frame of this shape would run, not cached (tests, the bench's traffic model).
  std::vector<Step> build_schedule(const FrameShape& shape) const;
  // A shape with every module active: every step a frame can have (tests run them one by one).
  FrameShape full_shape(uint32_t substeps) const;
  // The shape of a frame of `substeps` with what is active now (nothing queued for it yet).
  FrameShape current_shape(uint32_t substeps) const;
  // One step alone with substep length dt (the pass-by-pass comparisons): begin, then end.
  void begin_pass(float dt);
  // The blow-up watch's steps (once per frame).
  std::vector<Step> health_steps() const;

  // Edits, from the next frame (or pass) on.
  void set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity);
  void apply_force_once(uint32_t particle, const glm::vec3& force);
  // Pins (0) or frees a particle; the modules that hang from pins (tethers) follow.
  void set_inverse_mass(uint32_t particle, float inverse_mass);
  // Several at once (pins edited by hand): the same, with one search for pins at the end.
  void set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits);
  // A mouse drag (particle_drag.h): pins `particle` and pulls it towards `target` (m). Calling it
  // again moves the target, or moves the drag to another particle. Throws ModelError for a
  // particle that one of the model's anchors drives.
  void drag(uint32_t particle, const glm::vec3& target, float follow_time);
  // Lets go: the particle gets its inverse mass back and keeps its velocity.
  void end_drag();
  // The viewer's knife: these links break at the start of the next frame (tearing.h). Throws
  // ModelError when one is not a link of a cloth that can tear.
  void cut_links(const std::vector<LinkCut>& cuts);
  const ParticleDrag& current_drag() const { return drag_; }
  // Inverse masses set since the last call: the solver writes them into its state.
  std::vector<std::pair<uint32_t, float>> take_inverse_mass_edits();

  // Live edits (`model` has the running model's shape with other parameters): environment and
  // solver settings, or link materials. Return the module buffers to upload again.
  struct BufferEdit {
    uint32_t module;
    uint32_t buffer;
  };
  std::vector<BufferEdit> set_parameters(const Model& model);
  std::vector<BufferEdit> set_link_materials(const Model& model);

 private:
  // ModelError for a model whose frame could never fit kMaxStepsPerFrame, found before the
  // modules colour its constraints.
  void refuse_frames_that_cannot_fit(const SolverPaths& paths) const;
  std::vector<BufferEdit> edit(const Model& model, EditScope scope);
  // Offers the edit to the modules in turn; ModelError(`refusal`) when none takes it.
  void hand_to_modules(const SolverEdit& edit, const std::string& refusal);
  // The substep length, and what depends on it.
  void set_substep(float dt);
  void write_inverse_mass(uint32_t particle, float inverse_mass);

  gpu::SimParams params_{};
  glm::dvec3 origin_{0.0};
  double time_ = 0.0;  // s of simulated time at the start of the next frame
  SolverSettings settings_;
  std::vector<glm::vec4> positions_;
  std::vector<glm::vec4> previous_;
  std::vector<glm::vec4> velocities_;
  std::vector<uint32_t> link_state_;
  std::vector<std::unique_ptr<SolverModule>> modules_;
  uint32_t model_anchor_count_ = 0;  // a live edit keeps them
  std::vector<uint64_t> state_array_sizes_;
  std::vector<std::string> state_array_names_;

  FrameShape scheduled_shape_;
  std::vector<Step> schedule_;
  uint64_t schedule_generation_ = 0;

  ParticleDrag drag_;
  std::vector<std::pair<uint32_t, float>> inverse_mass_edits_;
  std::unordered_map<uint32_t, size_t> inverse_mass_edit_slots_;  // particle -> its edit
};

// The environment and settings part of SimParams for a model.
gpu::SimParams make_sim_params(const Model& model);
// The share of its motion a Verlet substep of length dt removes: 1 - exp(-damping_rate dt).
float substep_damping(float damping_rate, float dt);

}  // namespace weft
