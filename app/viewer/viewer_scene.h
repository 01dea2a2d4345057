// The simulation the viewer shows and edits: a scene of one or more systems (a built-in preset
// at a grid size, or a scene file), each with its solver, picker and blow-up watch, and the
// renderer that draws them all. The panel edits one system at a time (the selected one); the arrow
// keys move every system's anchors. Rebuilt when the preset, grid or file changes; restarted on
// reset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "app/render/scene_renderer.h"
#include "app/scene/scene_systems.h"
#include "app/viewer/health_watch.h"
#include "app/viewer/particle_picker.h"
#include "sim/gpu/solver_on_gpu.h"
#include "sim/model/model.h"

namespace weft {

class Device;

struct SceneChoice {
  std::filesystem::path file;  // a scene file (its systems as written); empty: a preset
  size_t preset = 0;           // viewer_presets.h, when there is no file
  uint32_t columns = 32;       // the preset's cloth
  uint32_t rows = 32;
  // Solver settings that suit the device (fewer substeps on a CPU), applied over a preset's.
  uint32_t substeps = 16;
  uint32_t relaxation_sweeps = 8;
};

// The grid and solver settings the viewer starts with on this device when not told: large on a
// GPU, small on a CPU device (lavapipe), so that it stays interactive, and with fewer substeps
// there unless the CPU reference simulates.
SceneChoice default_scene_choice(const Device& device, bool on_cpu_reference);

// Loads or builds the scene a choice names (SceneError for a bad file, before any window).
Scene make_viewer_scene(const SceneChoice& choice);

// The panel's knobs on the links a scene gave by their own tables (springs, ropes, a cloth or
// mesh without a material), applied to them as built. An object made of a material has its
// figures instead (panel_material.h), and the knobs leave it alone.
struct LinkKnobs {
  float spring_stiffness_scale = 1.0f;  // x the scene's ks
  float spring_damping_scale = 1.0f;    // x the scene's kd
  float added_compliance = 0.0f;        // m/N added to every constraint's compliance
};

// A link as built, with the knobs applied: what apply_link_knobs gives its elements.
LinkMaterial with_knobs(const LinkMaterial& link, const LinkKnobs& knobs);

// A cloth or mesh built from a material (sim/model/cloth_material.h), which the panel edits in the
// material's own figures (sim/model/material_figures.h).
struct MaterialObject {
  std::string name;
  uint32_t first_particle = 0;
  uint32_t particle_count = 0;
  ClothMaterial built;    // as the scene gave it
  ClothMaterial running;  // as the simulation has it
  ClothMaterial edited;   // as the panel shows it: running, once an edit is applied
};

// Whether a particle belongs to one of the objects made of a material.
bool made_of_material(const std::vector<MaterialObject>& objects, uint32_t particle);
// Whether the model has links outside those objects: what the knobs edit.
bool has_links_of_its_own(const Model& model, const std::vector<MaterialObject>& objects);
// `model` as `base` (a model of the same shape, as built, with the material figures' edits)
// builds it, the knobs on every spring, constraint and grid outside the material objects, and
// the solver, environment and pins of `model` kept.
void apply_link_knobs(const Model& base, const LinkKnobs& knobs,
                      const std::vector<MaterialObject>& material_objects, Model& model);

class ViewerScene {
 public:
  struct System {
    std::string name;
    Model base;   // as built: what the material knobs scale (and pins edited by hand)
    Model model;  // with the panel's edits
    std::vector<float> scene_inverse_masses;  // as the scene had them, before any pin by hand
    LinkKnobs knobs;
    std::vector<MaterialObject> material_objects;
    // Links outside them, which the panel's knobs edit (has_links_of_its_own, found once).
    bool links_of_its_own = false;
    size_t edited_material = 0;  // which of them the panel shows
    std::vector<SceneEvent> events;
    std::unique_ptr<RecordedSolver> simulation;
    std::unique_ptr<ParticlePicker> picker;
    std::unique_ptr<HealthWatch> health;
  };

  // A scene's system as the viewer holds it, before its simulation starts: the scene's pins
  // made anchors, and the objects built from a material listed for the panel.
  static System adopt_system(const SceneSystem& scene_system);
  // The material figures edited in the panel into the system's models (base and edited) and
  // the masses its pins by hand would give back; returns the inverse masses to upload. Throws
  // ModelError, with the figure put back and nothing changed, for what a running cloth cannot
  // take.
  static std::vector<std::pair<uint32_t, float>> apply_material_figures(System& system);

  // cpu_threads 0: every system is simulated on the device; otherwise on the CPU reference
  // with that many threads (solver_choice.h).
  ViewerScene(Device& device, const RenderFormats& formats, uint32_t frame_slots,
              const SceneChoice& choice, Scene scene, unsigned cpu_threads);

  // A new preset, grid or file (the GPU must be idle: the old buffers go).
  void rebuild(const SceneChoice& choice);
  // The renderer again, for targets of these formats and a shadow map of this size (0: the
  // device's default); the simulation goes on (the GPU must be idle).
  void set_drawing(const RenderFormats& formats, uint32_t shadow_map_size);
  // Back to the start, keeping the edited parameters (the GPU must be idle).
  void reset();

  const SceneChoice& choice() const { return choice_; }
  // The scene as loaded or built, before any edit (its pins are not anchors).
  const Scene& scene() const { return scene_; }
  const std::string& title() const { return title_; }
  std::vector<System>& systems() { return systems_; }
  const std::vector<System>& systems() const { return systems_; }
  // Every system's solver and model, as the renderer and the framing take them.
  std::vector<DrawnSystem> drawn() const;
  SceneRenderer& renderer() { return *renderer_; }
  // The system the panel edits.
  size_t selected = 0;
  System& edited() { return systems_.at(selected); }
  // Environment and solver settings of the edited system, from the next frame on.
  void apply_parameters();
  // Its link materials (uploads and waits: call when an edit ends, not every frame).
  void apply_link_knobs();
  // The material figures edited in the panel, into the models and the simulation (uploads and
  // waits). Throws ModelError, with the figure put back, for what a running cloth cannot take.
  void apply_material_figures();

  // Moves every anchor of every system at this velocity (m/s): the arrow keys.
  void set_anchor_velocity(const glm::vec3& velocity);
  // Whether a model anchor drives the particle (then it cannot be dragged).
  bool is_anchored(size_t system, uint32_t particle) const;
  // Pins edited by hand, from the next frame on: pins each listed particle, or frees it with the
  // mass the scene gave it (hand_pins.h), in the solver, the models (a reset keeps them) and the
  // markers. Anchors' particles are left alone. Returns how many particles changed.
  size_t set_pinned(size_t system, const std::vector<uint32_t>& particles, bool pinned);
  // Applies the scene's events (one-shot forces, anchor velocities) due at the next frame.
  void apply_events();
  uint64_t frames_simulated = 0;

 private:
  void adopt(const SceneChoice& choice, Scene scene);
  void build();
  void push_anchor_velocity();

  Device& device_;
  RenderFormats formats_;
  uint32_t shadow_map_size_ = 0;
  uint32_t frame_slots_;
  unsigned cpu_threads_;
  SceneChoice choice_;
  Scene scene_;
  std::string title_;
  std::vector<System> systems_;
  std::unique_ptr<SceneRenderer> renderer_;
  glm::vec3 anchor_velocity_{0.0f};
};

}  // namespace weft
