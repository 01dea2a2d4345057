// The unit of extension of both solvers: one module per kind of element (springs by adjacency,
// coloured distance constraints, anchors, colliders, ...). A module owns its packed data, declares
// the GPU buffers that hold it, adds its steps to the stages of every substep, and runs each step
// in the CPU reference exactly as its shader does on the GPU. The CPU and GPU solvers are loops
// over the same module list (solver_core.h); neither knows any kind of element by name.
//
// What the GPU side of a module is, is data: its buffers (bound in order as descriptor set 1 of
// its shaders; set 0 is the shared particle state, shaders/particle_bindings.glsl), and per step
// a shader, a dispatch width and push constants. So a new kind of element needs no Vulkan code:
// a module file, its shader(s), one line in module_registry.cpp, and its tests
// (docs/architecture.md walks through one).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec4.hpp>

#include "sim/core/cpu_threads.h"
#include "sim/model/gpu_types.h"
#include "sim/model/health.h"
#include "sim/core/pass_info.h"
#include "sim/core/particle_state.h"
#include "sim/core/solver_edit.h"

namespace weft {

struct Model;
class SolverPaths;

// The stages of a substep, in the order they run. Within a stage, modules run in registry order.
enum class Stage : uint32_t {
  forces,        // force gathers write every particle's force; then the air and one-shot forces add
  integrate,     // the integrator moves free particles
  anchors,       // program-driven pins move
  project,       // once per relaxation sweep: position elements (constraints)
  after_sweeps,  // once: what must see the links as the sweeps leave them (tearing)
  contact,       // once: contacts with the colliders and the ground, with friction
  after_project,         // once: tethers and strain limits, then self-collision
  after_self_collision,  // once, last: the strain limits again where self-collision runs
};

// The per-frame facts that decide which steps a frame runs. The solver caches the schedule of a
// shape and rebuilds it when the shape changes.
struct FrameShape {
  uint32_t substeps = 1;
  uint32_t relaxation_sweeps = 0;  // 0 when no module has constraints
  uint32_t integrator = WEFT_INTEGRATOR_VERLET;
  // Per module of the solver's list: whether it has work this frame (a one-shot force queued,
  // an anchor to drive). An idle module schedules nothing.
  std::vector<bool> active;
  // The only force this frame is the environment's (gravity, air drag, the ground) on every
  // particle: the integrator computes it and no force gather runs (SolverCore::current_shape).
  bool environment_in_integration = false;
  // Every particle is a node of a grid whose lines are walked (line_solves.h, grid_bending.h): the
  // walk along rows, the first to move them after the integrate stage, integrates each node as it
  // loads it, and no integration pass runs (a dispatch and a read and write of every position
  // fewer per substep).
  // The anchors and the knife, between the two, move only pinned particles and cut links, which
  // integration neither moves nor reads.
  bool integration_in_lines = false;

  bool operator==(const FrameShape&) const = default;
};

class SolverModule;

// Push constants of every simulation pass: 32 bytes, the same range in every pipeline layout.
// Each shader reads them as its own struct of uints (its header in shaders/).
using PushConstants = std::array<uint32_t, 8>;

// A buffer a step copies from or to: one of the module's (set 1) or of the particle state's
// (set 0, by its WEFT_BINDING_* number).
struct StepBuffer {
  bool particles = false;
  uint32_t index = 0;
};
struct StepCopy {
  StepBuffer from;
  StepBuffer to;
  uint64_t from_offset = 0;
  uint64_t to_offset = 0;
  uint64_t bytes = 0;
};

// One dispatch of one pass: recorded by the GPU solver, run by the CPU solver.
struct Step {
  uint32_t module = 0;  // index in the solver's module list (the same list for CPU and GPU)
  const PassInfo* pass = nullptr;
  uint32_t substep = 0;
  uint32_t sweep = 0;    // project steps: which relaxation sweep
  uint32_t part = 0;     // a module's own sub-division (the colour of a coloured sweep)
  PushConstants push{};  // as the module set them when scheduling
  // GPU only, after the dispatch: copies between buffers (the grid's Jacobi sweeps leave an odd
  // count's result in their scratch buffers). The CPU reference has no such buffers.
  std::vector<StepCopy> copies;
};

// A storage buffer a module keeps on the GPU, bound at set 1, binding = its index in buffers().
struct ModuleBuffer {
  std::string name;            // "constraints": RenderDoc shows "<module>: <name>"
  uint64_t bytes = 0;          // its size; an empty buffer still gets 16 bytes
  const void* data = nullptr;  // its initial content (nullptr: zeros); must stay valid
  bool state = false;          // floats the solver advances (XPBD multipliers): the CPU keeps
                               // them in ParticleState::module_arrays, tests compare them
};

// One write of a module's data into one of its buffers at the start of a frame (GPU only: the
// CPU reads the module's data directly).
struct BufferUpdate {
  uint32_t buffer = 0;
  uint64_t offset = 0;
  uint64_t bytes = 0;
  const void* data = nullptr;
};

// What a CPU step works on.
// (A module's state arrays are state.module_arrays[first_state_array + k], k in the order of its
// state buffers.)
template <typename Real>
struct CpuPass {
  const gpu::SimParams& params;
  ParticleState<Real>& state;
  CpuThreads* threads = nullptr;  // none: the caller's thread alone

  // body(i) for every i in [0, count), split over the threads: for a loop whose iterations
  // write disjoint data and read none that another writes, as a dispatch's GPU threads. Loops
  // shorter than smallest_split stay on one thread (a particle's pass: a few hundred; a line of
  // the grid, which walks a whole row: a few).
  template <typename Body>
  void for_each(uint32_t count, const Body& body, uint32_t smallest_split = 256) const {
    if (threads == nullptr) {
      for (uint32_t i = 0; i < count; ++i)
        body(i);
      return;
    }
    threads->run(count, smallest_split, [&body](uint32_t first, uint32_t last) {
      for (uint32_t i = first; i < last; ++i)
        body(i);
    });
  }
};

// Counts the bench's traffic model uses (app/bench/pass_traffic.h): what decides the bytes a
// dispatch moves beyond the module's own data.
struct TrafficContext {
  const std::vector<glm::vec4>* positions;  // w: inverse mass (pinned particles skip work)
  uint32_t integrator = WEFT_INTEGRATOR_VERLET;
  // Per particle, its torn links (link_state.h): which links a cut breaks, which lines it changes.
  const std::vector<uint32_t>* link_state = nullptr;
  bool pinned(uint32_t i) const { return (*positions)[i].w == 0.0f; }
};

// What a module is built from. The parameters stay the solver's: live edits change them, and the
// module reads them when it schedules and runs (they outlive it).
struct ModuleContext {
  const Model& model;
  const SolverPaths& paths;
  const gpu::SimParams& params;
};

// Which live edit: environment and solver settings (cheap, any frame), or link materials.
enum class EditScope { parameters, materials };

class SolverModule {
 public:
  virtual ~SolverModule() = default;

  // "distance constraints": buffer names and messages start with it.
  virtual std::string_view name() const = 0;
  // Every pass this module may run (the GPU solver builds their pipelines once per device).
  virtual std::vector<const PassInfo*> passes() const = 0;

  // Appends this module's steps of `stage` in substep `substep` (and sweep `sweep` of the
  // project stage) for a frame of this shape. Most modules add one step to one stage. Called
  // only for modules active this frame.
  virtual void schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                        std::vector<Step>& steps) const = 0;
  // Whether the model has elements of this kind at all: a module without any is left out of the
  // solver (one kernel per kind of element, launched only when there are some).
  virtual bool needed() const { return true; }
  // Whether the module has work in the frame about to start (FrameShape::active).
  virtual bool active() const { return true; }
  // Whether the module writes or adds to the particles' forces in the forces stage.
  virtual bool writes_forces() const { return false; }
  // Whether the forces it writes are the environment's alone, on every particle: a gather with no
  // springs. If no other active module writes forces, the integrator then computes them itself
  // and this module schedules nothing (FrameShape::environment_in_integration).
  virtual bool gathers_environment_only() const { return false; }
  // Its first pass of the project stage loads every particle of the model, and integrates them
  // there when FrameShape::integration_in_lines (set when it is the first module of that stage).
  virtual bool integrates_every_particle() const { return false; }
  // At the start of every frame, before active() and schedule(): the module takes what was queued
  // for this frame (one-shot forces). At its end, it drops what was for this frame only.
  virtual void begin_frame() {}
  virtual void end_frame() {}
  // Before begin_frame: the simulated time (s) at which the frame about to run starts, and its
  // length (scripted motion). Single passes run by tests get none.
  virtual void frame_time(double /*start*/, double /*frame_dt*/) {}
  // Threads a step dispatches, asked when it is recorded or run (counts may change per frame:
  // one-shot forces, a drag). Its shader returns early past its own count.
  virtual uint32_t threads(const Step& step) const = 0;
  // Push constants when the step is recorded or run; the default is the scheduled ones.
  virtual PushConstants push(const Step& step) const { return step.push; }
  // What RenderDoc's event browser shows for the step; the default is the pass's name.
  virtual std::string label(const Step& step) const { return step.pass->name; }
  // Whether the GPU leaves the step's result in one of the module's scratch buffers, for a later
  // step of the same substep to bring back to the particles (Jacobi passes that alternate
  // buffers). The CPU reference writes every step's result in place, so a comparison of the two
  // after such a step must wait for the next.
  virtual bool result_in_scratch(const Step& /*step*/) const { return false; }

  // The CPU reference of the step's shader, with the same arithmetic in the same order.
  virtual void run(const Step& step, CpuPass<float>& pass) const = 0;
  virtual void run(const Step& step, CpuPass<double>& pass) const = 0;

  virtual std::vector<ModuleBuffer> buffers() const = 0;
  // Writes due at the start of the next frame (anchor velocities, a drag target, one-shot
  // forces); clears them.
  virtual void take_updates(std::vector<BufferUpdate>& /*updates*/) {}
  // True when a module has position elements to relax (then frames run relaxation sweeps).
  virtual bool has_constraints() const { return false; }

  // The blow-up watch: once per frame. The GPU runs the module's health passes (a module without
  // any adds nothing); the CPU mirrors them here, raising report.max_stretch or counting
  // non-finite particles.
  virtual void schedule_health(std::vector<Step>& /*steps*/) const {}
  virtual void measure_health(const ParticleState<float>& /*state*/,
                              HealthReport& /*report*/) const {}
  virtual void measure_health(const ParticleState<double>& /*state*/,
                              HealthReport& /*report*/) const {}
  // Elastic energy stored in the module's elements, J (energy.h).
  virtual double elastic_energy(const ParticleState<float>& /*state*/) const { return 0.0; }
  virtual double elastic_energy(const ParticleState<double>& /*state*/) const { return 0.0; }

  // Bytes a step of a frame moves, as the bench's traffic model counts them
  // (app/bench/pass_traffic.h: unique elements read and written per dispatch). The blow-up
  // watch's passes run outside the timed frame and are not counted.
  virtual uint64_t bytes(const Step& step, const TrafficContext& context) const = 0;

  // An edit of the running simulation (solver_edit.h): true when this module takes it (the core
  // offers it to the next module otherwise). Throws ModelError, changing nothing, for an edit of
  // its kind that it cannot make.
  virtual bool take(const SolverEdit& /*edit*/) { return false; }

  // Particles were pinned or freed (not by a mouse drag): `inverse_masses` has one per particle.
  virtual void pins_changed(const std::vector<float>& /*inverse_masses*/) {}

  // A live edit: `model` has the running model's shape with other parameters (`paths`: its
  // plan). Throws ModelError when the edit would change the module's shape; returns the buffers
  // to upload again.
  virtual std::vector<uint32_t> apply_edit(const Model& /*model*/, const SolverPaths& /*paths*/,
                                           EditScope /*scope*/) {
    return {};
  }

  // Set by the solver core: the module's index in its list, and where its state arrays start in
  // ParticleState::module_arrays.
  uint32_t index = 0;
  uint32_t first_state_array = 0;
};

// A step of `module`'s `pass` with the usual fields; the helpers modules build steps with.
Step make_step(const SolverModule& module, const PassInfo& pass, uint32_t substep,
               uint32_t sweep = 0, uint32_t part = 0);

// Push constants from a shader's push struct (its header in shaders/), and back.
template <typename Push>
PushConstants to_push(const Push& push) {
  static_assert(sizeof(Push) <= sizeof(PushConstants) && sizeof(Push) % 4 == 0);
  PushConstants words{};
  std::memcpy(words.data(), &push, sizeof(Push));
  return words;
}
template <typename Push>
Push from_push(const PushConstants& words) {
  static_assert(sizeof(Push) <= sizeof(PushConstants) && sizeof(Push) % 4 == 0);
  Push push;
  std::memcpy(&push, words.data(), sizeof(Push));
  return push;
}

}  // namespace weft
