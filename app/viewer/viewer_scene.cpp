#include "app/viewer/viewer_scene.h"

#include "app/viewer/presets.h"

namespace weft {

ViewerScene::ViewerScene(Device& device, const RenderFormats& formats, uint32_t frame_slots,
                         const SceneChoice& choice)
    : device_(device), formats_(formats), frame_slots_(frame_slots) {
  rebuild(choice);
}

void ViewerScene::rebuild(const SceneChoice& choice) {
  choice_ = choice;
  base_ = build_preset(choice.preset, choice.columns, choice.rows);
  base_.solver.substeps = choice.substeps;
  base_.solver.relaxation_sweeps = choice.relaxation_sweeps;
  model_ = base_;
  materials_ = {};
  build();
}

void ViewerScene::reset() {
  build();
}

void ViewerScene::build() {
  // Release before allocating: a large grid should not need twice its memory.
  picker_.reset();
  renderer_.reset();
  solver_.reset();
  solver_ = std::make_unique<GpuSolver>(device_, model_);
  renderer_ = std::make_unique<ClothRenderer>(device_, *solver_, model_, formats_);
  picker_ = std::make_unique<ParticlePicker>(device_, *solver_, frame_slots_);
  frames_simulated = 0;
  push_anchor_velocity();
}

void ViewerScene::apply_parameters() {
  solver_->set_parameters(model_);
}

void ViewerScene::apply_materials() {
  for (size_t s = 0; s < model_.springs.size(); ++s) {
    model_.springs[s].stiffness = base_.springs[s].stiffness * materials_.spring_stiffness_scale;
    model_.springs[s].damping = base_.springs[s].damping * materials_.spring_damping_scale;
  }
  for (size_t c = 0; c < model_.constraints.size(); ++c) {
    model_.constraints[c].compliance =
        base_.constraints[c].compliance + materials_.added_compliance;
  }
  solver_->set_link_materials(model_);
}

void ViewerScene::set_anchor_velocity(const glm::vec3& velocity) {
  if (velocity == anchor_velocity_) return;  // each change is an upload: only send changes
  anchor_velocity_ = velocity;
  push_anchor_velocity();
}

void ViewerScene::push_anchor_velocity() {
  const glm::vec3 velocity = anchor_velocity_;
  for (uint32_t k = 0; k < model_.anchors.size(); ++k) {
    solver_->set_anchor_velocity(k, velocity);
  }
}

bool ViewerScene::is_anchored(uint32_t particle) const {
  for (const Anchor& a : model_.anchors) {
    if (a.particle == particle) return true;
  }
  return false;
}

}  // namespace weft
