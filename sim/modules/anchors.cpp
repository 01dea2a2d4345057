#include "sim/modules/anchors.h"

#include <cstddef>
#include <algorithm>

#include "sim/core/cpu_forces.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/model/particle_drag.h"

namespace weft {

static_assert(sizeof(gpu::Anchor) == 48);
static_assert(offsetof(gpu::Anchor, target) == 16);
static_assert(offsetof(gpu::Anchor, particle) == 32);
static_assert(offsetof(gpu::Anchor, mode) == 40);
static_assert(sizeof(gpu::AnchorsPush) == 16);

namespace {

const PassInfo kDrive{"anchors", "drive_anchors.comp"};

}  // namespace

Anchors::Anchors(const ModuleContext& context) : params_(context.params) {
  for (const Anchor& anchor : context.model.anchors) {
    gpu::Anchor a{};
    a.velocity = glm::vec4(anchor.velocity, 0.0f);
    a.particle = anchor.particle;
    a.keep_above_ground = anchor.keep_above_ground ? 1u : 0u;
    anchors_.push_back(a);
  }
  anchors_.push_back(gpu::Anchor{});  // the drag slot, idle
}

std::vector<const PassInfo*> Anchors::passes() const {
  return {&kDrive};
}

void Anchors::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                       std::vector<Step>& steps) const {
  if (stage == Stage::anchors) steps.push_back(make_step(*this, kDrive, substep));
}

PushConstants Anchors::push(const Step&) const {
  gpu::AnchorsPush push{};
  push.anchor_count = active_count();
  return to_push(push);
}

std::vector<ModuleBuffer> Anchors::buffers() const {
  return {{"anchors", anchors_.size() * sizeof(gpu::Anchor), anchors_.data()}};
}

void Anchors::mark_dirty(uint32_t slot) {
  if (std::find(dirty_.begin(), dirty_.end(), slot) == dirty_.end()) dirty_.push_back(slot);
}

void Anchors::take_updates(std::vector<BufferUpdate>& updates) {
  for (uint32_t slot : dirty_) {
    updates.push_back(
        {0, uint64_t{slot} * sizeof(gpu::Anchor), sizeof(gpu::Anchor), &anchors_[slot]});
  }
  dirty_.clear();
}

bool Anchors::take(const SolverEdit& edit) {
  if (const auto* velocity = std::get_if<AnchorVelocityEdit>(&edit)) {
    set_velocity(velocity->anchor, velocity->velocity);
  } else if (const auto* drag = std::get_if<DragEdit>(&edit)) {
    set_drag(drag->particle, drag->target, drag->follow_time);
  } else if (std::holds_alternative<DragEndEdit>(edit)) {
    dragging_ = false;
  } else {
    return false;
  }
  return true;
}

void Anchors::set_velocity(uint32_t anchor, const glm::vec3& velocity) {
  if (anchor >= model_anchor_count()) {
    throw ModelError("anchor " + std::to_string(anchor) + " does not exist (the model has " +
                     std::to_string(model_anchor_count()) + ")");
  }
  anchors_[anchor].velocity = glm::vec4(velocity, 0.0f);
  mark_dirty(anchor);
}

bool Anchors::drives(uint32_t particle) const {
  for (uint32_t k = 0; k < model_anchor_count(); ++k) {
    if (anchors_[k].particle == particle) return true;
  }
  return false;
}

void Anchors::set_drag(uint32_t particle, const glm::vec3& target, float follow_time) {
  if (drives(particle)) {
    throw ModelError("cannot drag particle " + std::to_string(particle) +
                     ": one of the model's anchors drives it");
  }
  anchors_.back() = make_drag_anchor(particle, target, follow_time);
  dragging_ = true;
  mark_dirty(model_anchor_count());
}

// shaders/drive_anchors.comp
template <typename Real>
void Anchors::run_cpu(const Step& /*step*/, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  for (uint32_t k = 0; k < active_count(); ++k) {
    const gpu::Anchor& anchor = anchors_[k];
    const uint32_t i = anchor.particle;
    const vec4 p = state.positions[i];
    const Real dt = params.dt;
    const bool targeted = anchor.mode == WEFT_ANCHOR_TARGET;
    vec3 next;
    if (targeted) {
      next = vec3(p) +
             (vec3(glm::vec3(anchor.target)) - vec3(p)) * (dt / (dt + Real(anchor.target.w)));
    } else {
      next = vec3(p) + vec3(glm::vec3(anchor.velocity)) * dt;
    }
    if (anchor.keep_above_ground != 0u && params.ground_mode != WEFT_GROUND_NONE) {
      next.y = std::max(next.y, Real(params.ground.x));
    }
    const vec3 velocity = targeted ? (next - vec3(p)) / dt : vec3(glm::vec3(anchor.velocity));
    state.previous[i] = vec4(vec3(p), Real(0));
    state.positions[i] = vec4(next, p.w);
    // As the shader: under Verlet, velocities[] holds what rounding owes a step, and a driven
    // position owes nothing.
    state.velocities[i] = cpu::integrator_is_verlet(params) ? vec4(0) : vec4(velocity, Real(0));
  }
}

uint64_t Anchors::bytes(const Step&, const TrafficContext&) const {
  // Read the anchor and x; write x, x_prev and v.
  return uint64_t{active_count()} * (sizeof(gpu::Anchor) + 4 * 16);
}

}  // namespace weft
