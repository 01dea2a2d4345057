#include "sim/modules/external_forces.h"

#include <cstddef>
#include <cmath>

#include "sim/core/cpu_forces.h"
#include "sim/model/model_error.h"

namespace weft {

static_assert(sizeof(gpu::ExternalForce) == 32);
static_assert(offsetof(gpu::ExternalForce, particle) == 16);
static_assert(sizeof(gpu::ExternalForcesPush) == 16);

namespace {

const PassInfo kApply{"external forces", "apply_external_forces.comp"};

}  // namespace

ExternalForces::ExternalForces(const ModuleContext& context) : params_(context.params) {}

std::vector<const PassInfo*> ExternalForces::passes() const {
  return {&kApply};
}

bool ExternalForces::take(const SolverEdit& edit) {
  const auto* force = std::get_if<OneShotForceEdit>(&edit);
  if (!force) return false;
  add(force->particle, force->force);
  return true;
}

void ExternalForces::add(uint32_t particle, const glm::vec3& force) {
  if (particle >= params_.particle_count) {
    throw ModelError("particle " + std::to_string(particle) + " does not exist (the model has " +
                     std::to_string(params_.particle_count) + ")");
  }
  if (!std::isfinite(force.x) || !std::isfinite(force.y) || !std::isfinite(force.z)) {
    throw ModelError("a one-shot force on particle " + std::to_string(particle) +
                     " must be finite");
  }
  queue_.add(particle, force);
}

void ExternalForces::begin_frame() {
  frame_forces_ = queue_.take();
  if (frame_forces_.size() > kMaxExternalForcesPerFrame) {
    const size_t count = frame_forces_.size();
    frame_forces_.clear();
    throw ModelError(std::to_string(count) + " one-shot forces in one frame; at most " +
                     std::to_string(kMaxExternalForcesPerFrame) + " are supported");
  }
  uploaded_ = false;
}

void ExternalForces::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                              std::vector<Step>& steps) const {
  // Applied for the first substep only: a one-shot force is an impulse of F * dt.
  if (stage == Stage::forces && substep == 0) steps.push_back(make_step(*this, kApply, substep));
}

uint32_t ExternalForces::threads(const Step&) const {
  return static_cast<uint32_t>(frame_forces_.size());
}

PushConstants ExternalForces::push(const Step&) const {
  gpu::ExternalForcesPush push{};
  push.count = static_cast<uint32_t>(frame_forces_.size());
  return to_push(push);
}

std::vector<ModuleBuffer> ExternalForces::buffers() const {
  return {{"one-shot forces", kMaxExternalForcesPerFrame * sizeof(gpu::ExternalForce), nullptr}};
}

void ExternalForces::take_updates(std::vector<BufferUpdate>& updates) {
  if (uploaded_ || frame_forces_.empty()) return;
  updates.push_back(
      {0, 0, frame_forces_.size() * sizeof(gpu::ExternalForce), frame_forces_.data()});
  uploaded_ = true;
}

// shaders/apply_external_forces.comp
template <typename Real>
void ExternalForces::run_cpu(const Step& /*step*/, CpuPass<Real>& pass) const {
  for (const gpu::ExternalForce& e : frame_forces_) {
    pass.state.forces[e.particle] += cpu::vec4<Real>(cpu::vec3<Real>(glm::vec3(e.force)), Real(0));
  }
}

uint64_t ExternalForces::bytes(const Step&, const TrafficContext&) const {
  // Read the entry, read and write the particle's force.
  return frame_forces_.size() * (sizeof(gpu::ExternalForce) + 2 * 16);
}

}  // namespace weft
