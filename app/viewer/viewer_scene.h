// The simulation the viewer shows and edits: the model (a preset at a grid size, with whatever
// the panel has changed), the GPU solver and renderer made from it, and the picker that looks
// into its particles. Rebuilt when the preset or grid changes, restarted on reset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include <glm/vec3.hpp>

#include "app/render/cloth_renderer.h"
#include "app/viewer/particle_picker.h"
#include "sim/gpu_solver.h"
#include "sim/model.h"

namespace weft {

class Device;

struct SceneChoice {
  size_t preset = 0;
  uint32_t columns = 32;
  uint32_t rows = 32;
  // Solver settings that suit the device (fewer substeps on a CPU), applied over the preset's.
  uint32_t substeps = 16;
  uint32_t relaxation_sweeps = 8;
};

// The panel's material knobs, applied to the preset's links.
struct Materials {
  float spring_stiffness_scale = 1.0f;  // x the preset's ks
  float spring_damping_scale = 1.0f;    // x the preset's kd
  float added_compliance = 0.0f;        // m/N added to every constraint's compliance
};

class ViewerScene {
 public:
  ViewerScene(Device& device, const RenderFormats& formats, uint32_t frame_slots,
              const SceneChoice& choice);

  // A new preset or grid (the GPU must be idle: the old buffers go).
  void rebuild(const SceneChoice& choice);
  // Back to the start, keeping the edited parameters (the GPU must be idle).
  void reset();

  // The model the panel edits; call apply_parameters or apply_materials after changing it.
  Model& model() { return model_; }
  const Model& model() const { return model_; }
  const SceneChoice& choice() const { return choice_; }
  Materials& materials() { return materials_; }
  // Environment and solver settings, from the next frame on.
  void apply_parameters();
  // The link materials (uploads and waits: call when an edit ends, not every frame).
  void apply_materials();

  // Moves every anchor of the model at this velocity (m/s): the arrow keys.
  void set_anchor_velocity(const glm::vec3& velocity);
  bool has_anchors() const { return !model_.anchors.empty(); }
  // Whether a model anchor drives the particle (then it cannot be dragged).
  bool is_anchored(uint32_t particle) const;

  GpuSolver& solver() { return *solver_; }
  ClothRenderer& renderer() { return *renderer_; }
  ParticlePicker& picker() { return *picker_; }
  uint64_t frames_simulated = 0;

 private:
  void build();
  void push_anchor_velocity();

  Device& device_;
  RenderFormats formats_;
  uint32_t frame_slots_;
  SceneChoice choice_;
  Model base_;  // the preset as built: what the material knobs scale
  Model model_;
  Materials materials_;
  glm::vec3 anchor_velocity_{0.0f};
  std::unique_ptr<GpuSolver> solver_;
  std::unique_ptr<ClothRenderer> renderer_;
  std::unique_ptr<ParticlePicker> picker_;
};

}  // namespace weft
