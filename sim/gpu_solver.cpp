#include "sim/gpu_solver.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "engine/barriers.h"
#include "engine/check.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "shaders/shader_library.h"
#include "sim/live_parameters.h"
#include "sim/model_error.h"

namespace weft {

namespace {

// vkCmdUpdateBuffer takes at most 65536 bytes per call.
constexpr VkDeviceSize kMaxInlineUpdate = 65536;

void update_buffer(VkCommandBuffer cmd, const Buffer& buffer, VkDeviceSize offset,
                   VkDeviceSize bytes, const void* data) {
  const auto* bytes_in = static_cast<const uint8_t*>(data);
  for (VkDeviceSize done = 0; done < bytes; done += kMaxInlineUpdate) {
    const VkDeviceSize chunk = std::min(kMaxInlineUpdate, bytes - done);
    vkCmdUpdateBuffer(cmd, buffer.handle(), offset + done, chunk, bytes_in + done);
  }
}

const char* shader_of(Pass pass) {
  switch (pass) {
    case Pass::accumulate_forces: return "accumulate_forces.comp";
    case Pass::apply_external_forces: return "apply_external_forces.comp";
    case Pass::integrate: return "integrate.comp";
    case Pass::drive_anchors: return "drive_anchors.comp";
    case Pass::relax_distance: return "relax_distance.comp";
    case Pass::collide: return "collide.comp";
    case Pass::grid_accumulate_forces: return "grid_accumulate_forces.comp";
    case Pass::relax_grid_jacobi: return "relax_grid_jacobi.comp";
  }
  return "";
}

// What RenderDoc's event browser shows for a step.
std::string label_of(const PassStep& step, uint32_t integrator) {
  switch (step.pass) {
    case Pass::integrate:
      if (integrator == WEFT_INTEGRATOR_VERLET) return "Verlet update";
      if (integrator == WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER) return "semi-implicit Euler update";
      return "explicit Euler update";
    case Pass::relax_distance:
      return "constraint relaxation (sweep " + std::to_string(step.sweep) + ", colour " +
             std::to_string(step.color) + ")";
    case Pass::grid_accumulate_forces: return "force accumulation (grid)";
    case Pass::relax_grid_jacobi:
      return "constraint relaxation (grid Jacobi, sweep " + std::to_string(step.sweep) + ")";
    default: return pass_name(step.pass);
  }
}

PackedModel pack_for_device(const Device& device, const Model& model) {
  PackedModel packed = pack_model(model);
  check_fits_device(device, GpuFootprint::of(packed));
  return packed;
}

}  // namespace

GpuSolver::GpuSolver(Device& device, const Model& model)
    : device_(device),
      packed_(pack_for_device(device, model)),
      buffers_(std::make_unique<GpuBuffers>(device, packed_)),
      bindings_(device, WEFT_BINDING_COUNT, sizeof(gpu::RelaxPush), VK_SHADER_STAGE_COMPUTE_BIT,
                "simulation"),
      ring_(device, 3, "simulation") {
  const std::vector<const Buffer*> buffers = buffers_->bindings();
  for (uint32_t b = 0; b < buffers.size(); ++b)
    bindings_.write(b, *buffers[b]);
  // Only the passes this model's path runs are built.
  const std::vector<Pass> passes =
      packed_.grid_path
          ? std::vector<Pass>{Pass::grid_accumulate_forces,
                              Pass::apply_external_forces,
                              Pass::integrate,
                              Pass::drive_anchors,
                              Pass::relax_grid_jacobi,
                              Pass::collide}
          : std::vector<Pass>{Pass::accumulate_forces, Pass::apply_external_forces, Pass::integrate,
                              Pass::drive_anchors,     Pass::relax_distance,        Pass::collide};
  for (Pass pass : passes) {
    pipelines_.emplace(pass, ComputePipeline(device, bindings_.pipeline_layout(),
                                             shaders::spirv(shader_of(pass)), pass_name(pass)));
  }
  health_pipeline_ = ComputePipeline(
      device, bindings_.pipeline_layout(),
      shaders::spirv(packed_.grid_path ? "measure_grid_health.comp" : "measure_health.comp"),
      "blow-up watch");
  upload_to_buffer(device, buffers_->params, &packed_.params, sizeof(packed_.params));
}

void GpuSolver::record_updates(VkCommandBuffer cmd) {
  const std::vector<gpu::ExternalForce> forces = queued_forces_.take();
  if (forces.size() > kMaxExternalForcesPerFrame) {
    throw ModelError(std::to_string(forces.size()) + " one-shot forces in one frame; at most " +
                     std::to_string(kMaxExternalForcesPerFrame) + " are supported");
  }
  packed_.params.external_force_count = static_cast<uint32_t>(forces.size());

  // The previous frame's passes may still read what is about to be overwritten.
  compute_to_transfer_barrier(cmd);
  update_buffer(cmd, buffers_->params, 0, sizeof(gpu::SimParams), &packed_.params);
  update_buffer(cmd, buffers_->external_forces, 0, forces.size() * sizeof(gpu::ExternalForce),
                forces.data());
  for (uint32_t anchor : dirty_anchors_) {
    update_buffer(cmd, buffers_->anchors, anchor * sizeof(gpu::Anchor), sizeof(gpu::Anchor),
                  &packed_.anchors[anchor]);
  }
  dirty_anchors_.clear();
  if (spheres_dirty_) {
    update_buffer(cmd, buffers_->spheres, 0, packed_.spheres.size() * sizeof(glm::vec4),
                  packed_.spheres.data());
    spheres_dirty_ = false;
  }
  for (const auto& [particle, inverse_mass] : inverse_mass_edits_) {
    update_buffer(cmd, buffers_->positions, VkDeviceSize{particle} * 16 + 12, 4, &inverse_mass);
  }
  inverse_mass_edits_.clear();
  transfer_to_compute_barrier(cmd);
  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_COMPUTE);
}

void GpuSolver::record_frame(VkCommandBuffer cmd, float frame_dt, uint32_t substeps,
                             PassTimer* timer) {
  if (substeps == 0 || !(frame_dt > 0.0f)) {
    throw ModelError("a frame needs frame_dt > 0 and at least one substep");
  }
  DebugLabel frame_label(device_, cmd, "simulation frame");
  packed_.params.dt = frame_dt / static_cast<float>(substeps);
  record_updates(cmd);
  if (timer) timer->mark(cmd, "frame updates");
  const RecordedSchedule& schedule =
      schedule_for(packed_.frame_shape(substeps, packed_.params.external_force_count > 0));
  uint32_t open_substep = UINT32_MAX;
  for (size_t k = 0; k < schedule.steps.size(); ++k) {
    const PassStep& step = schedule.steps[k];
    if (step.substep != open_substep) {
      if (open_substep != UINT32_MAX) end_label(device_, cmd);
      begin_label(device_, cmd, schedule.substep_labels[step.substep]);
      open_substep = step.substep;
    }
    record_step(cmd, step, schedule.labels[k], timer);
  }
  if (open_substep != UINT32_MAX) end_label(device_, cmd);
  packed_.params.external_force_count = 0;
}

const GpuSolver::RecordedSchedule& GpuSolver::schedule_for(const FrameShape& shape) {
  const uint32_t integrator = packed_.params.integrator;
  if (schedule_.steps.empty() || !(schedule_.shape == shape) ||
      schedule_.integrator != integrator) {
    // Built when the frame's shape changes (substeps, sweeps, a one-shot force), not every frame.
    schedule_.shape = shape;
    schedule_.integrator = integrator;
    schedule_.steps = schedule_frame(shape);
    schedule_.labels.clear();
    for (const PassStep& step : schedule_.steps) {
      schedule_.labels.push_back(label_of(step, integrator));
    }
    schedule_.substep_labels.clear();
    for (uint32_t s = 0; s < shape.substeps; ++s) {
      schedule_.substep_labels.push_back("substep " + std::to_string(s));
    }
  }
  return schedule_;
}

void GpuSolver::record_step(VkCommandBuffer cmd, const PassStep& step,
                            const std::string& label_text, PassTimer* timer) {
  DebugLabel label(device_, cmd, label_text);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelines_.at(step.pass).handle());
  uint32_t threads = packed_.params.particle_count;
  if (step.pass == Pass::apply_external_forces) threads = packed_.params.external_force_count;
  if (step.pass == Pass::drive_anchors) threads = packed_.params.anchor_count;
  if (step.pass == Pass::relax_distance || step.pass == Pass::relax_grid_jacobi) {
    vkCmdPushConstants(cmd, bindings_.pipeline_layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                       sizeof(gpu::RelaxPush), &step.relax);
    if (step.pass == Pass::relax_distance) threads = step.relax.count;
  }
  dispatch(cmd, threads);
  if (step.ends_in_scratch) copy_back_scratch(cmd);
  if (timer) {
    // Timed per kind of pass: the colours and sweeps of the relaxation add up to one section,
    // each path's force pass to "force accumulation".
    const bool by_kind = step.pass == Pass::relax_distance ||
                         step.pass == Pass::relax_grid_jacobi ||
                         step.pass == Pass::grid_accumulate_forces;
    timer->mark(cmd, by_kind ? pass_name(step.pass) : label_text);
  }
  // Every pass reads what the one before wrote (relaxation colours share particles too). The
  // barrier after the last pass also orders this frame before whatever comes next on the queue.
  compute_to_compute_barrier(cmd);
}

void GpuSolver::copy_back_scratch(VkCommandBuffer cmd) {
  // An odd number of Jacobi sweeps left the result in the scratch buffers.
  compute_to_transfer_barrier(cmd);
  const VkBufferCopy positions{0, 0, buffers_->scratch.size()};
  vkCmdCopyBuffer(cmd, buffers_->scratch.handle(), buffers_->positions.handle(), 1, &positions);
  if (packed_.grid_params.uses_lambdas) {
    const VkBufferCopy lambdas{0, 0, buffers_->lambdas_scratch.size()};
    vkCmdCopyBuffer(cmd, buffers_->lambdas_scratch.handle(), buffers_->lambdas.handle(), 1,
                    &lambdas);
  }
  transfer_to_compute_barrier(cmd);
}

void GpuSolver::dispatch(VkCommandBuffer cmd, uint32_t threads) const {
  if (threads == 0) return;
  const uint32_t groups = (threads + WEFT_GROUP_SIZE - 1) / WEFT_GROUP_SIZE;
  const uint32_t x = std::min<uint32_t>(groups, WEFT_MAX_GROUPS_X);
  const uint32_t y = (groups + x - 1) / x;
  vkCmdDispatch(cmd, x, y, 1);
}

void GpuSolver::record_health(VkCommandBuffer cmd) {
  DebugLabel label(device_, cmd, "blow-up watch");
  const Buffer& health = buffers_->health;
  compute_to_transfer_barrier(cmd);
  vkCmdFillBuffer(cmd, health.handle(), 0, 8, 0);            // max strain 0, no non-finite particle
  vkCmdFillBuffer(cmd, health.handle(), 8, 4, 0xffffffffu);  // first non-finite: none
  transfer_to_compute_barrier(cmd);
  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_COMPUTE);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, health_pipeline_.handle());
  dispatch(cmd, packed_.params.particle_count + packed_.params.constraint_count);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT,
                 VK_PIPELINE_STAGE_2_COPY_BIT,
                 VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT);
  const VkBufferCopy region{0, 0, sizeof(gpu::Health)};
  vkCmdCopyBuffer(cmd, health.handle(), buffers_->health_readback.handle(), 1, &region);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_HOST_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT |
                     VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

HealthReport GpuSolver::read_recorded_health() const {
  buffers_->health_readback.invalidate_mapped_range();
  const auto* health = static_cast<const gpu::Health*>(buffers_->health_readback.mapped());
  HealthReport report;
  std::memcpy(&report.max_stretch, &health->max_stretch_bits, sizeof(float));
  report.nonfinite_count = health->nonfinite_count;
  report.first_nonfinite = health->first_nonfinite;
  return report;
}

void GpuSolver::submit_and_wait(const std::function<void(VkCommandBuffer)>& record) {
  VkCommandBuffer cmd = ring_.begin();
  record(cmd);
  ring_.submit();
  ring_.wait_all();
}

void GpuSolver::step_frames(uint32_t frames) {
  for (uint32_t f = 0; f < frames; ++f) {
    VkCommandBuffer cmd = ring_.begin();
    record_frame(cmd, packed_.solver.frame_dt, packed_.solver.substeps);
    ring_.submit();
  }
  ring_.wait_all();
}

void GpuSolver::step(float frame_dt, uint32_t substeps) {
  submit_and_wait([&](VkCommandBuffer cmd) { record_frame(cmd, frame_dt, substeps); });
}

void GpuSolver::run_pass(const PassStep& step, float dt) {
  submit_and_wait([&](VkCommandBuffer cmd) {
    packed_.params.dt = dt;
    record_updates(cmd);
    record_step(cmd, step, label_of(step, packed_.params.integrator));
    packed_.params.external_force_count = 0;
  });
}

HealthReport GpuSolver::measure_health() {
  submit_and_wait([&](VkCommandBuffer cmd) { record_health(cmd); });
  return read_recorded_health();
}

void GpuSolver::set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) {
  if (anchor >= packed_.model_anchor_count()) {
    throw ModelError("anchor " + std::to_string(anchor) + " does not exist (the model has " +
                     std::to_string(packed_.model_anchor_count()) + ")");
  }
  packed_.anchors[anchor].velocity = glm::vec4(velocity, 0.0f);
  if (std::find(dirty_anchors_.begin(), dirty_anchors_.end(), anchor) == dirty_anchors_.end()) {
    dirty_anchors_.push_back(anchor);
  }
}

void GpuSolver::apply_force_once(uint32_t particle, const glm::vec3& force) {
  if (particle >= packed_.particle_count()) {
    throw ModelError("particle " + std::to_string(particle) + " does not exist");
  }
  queued_forces_.add(particle, force);
}

void GpuSolver::set_inverse_mass(uint32_t particle, float inverse_mass) {
  if (particle >= packed_.particle_count()) {
    throw ModelError("particle " + std::to_string(particle) + " does not exist");
  }
  if (!(inverse_mass >= 0.0f) || !std::isfinite(inverse_mass)) {
    throw ModelError("inverse mass must be finite and >= 0, got " + std::to_string(inverse_mass));
  }
  inverse_mass_edits_[particle] = inverse_mass;
  packed_.positions[particle].w = inverse_mass;
}

void GpuSolver::drag(uint32_t particle, const glm::vec3& target, float follow_time) {
  check_drag(packed_, particle, target, follow_time);
  if (drag_.active && drag_.particle != particle) end_drag();
  if (!drag_.active) {
    drag_ = {true, particle, packed_.positions[particle].w};
    set_inverse_mass(particle, 0.0f);
    packed_.params.anchor_count = packed_.model_anchor_count() + 1;
  }
  const uint32_t slot = packed_.drag_anchor_slot();
  packed_.anchors[slot] = make_drag_anchor(particle, target, follow_time);
  if (std::find(dirty_anchors_.begin(), dirty_anchors_.end(), slot) == dirty_anchors_.end()) {
    dirty_anchors_.push_back(slot);
  }
}

void GpuSolver::end_drag() {
  if (!drag_.active) return;
  set_inverse_mass(drag_.particle, drag_.saved_inverse_mass);
  packed_.params.anchor_count = packed_.model_anchor_count();
  drag_ = {};
}

void GpuSolver::set_parameters(const Model& model) {
  apply_parameters(packed_, model);
  spheres_dirty_ = !packed_.spheres.empty();
}

void GpuSolver::set_link_materials(const Model& model) {
  apply_link_materials(packed_, model);
  upload_to_buffer(device_, buffers_->spring_refs, packed_.springs.refs.data(),
                   packed_.springs.refs.size() * sizeof(gpu::SpringRef));
  upload_to_buffer(device_, buffers_->constraints, packed_.constraints.constraints.data(),
                   packed_.constraints.constraints.size() * sizeof(gpu::DistanceConstraint));
}

ParticleState<float> GpuSolver::download_state() const {
  const size_t n = packed_.particle_count();
  ParticleState<float> state;
  state.positions.resize(n);
  state.previous.resize(n);
  state.velocities.resize(n);
  state.forces.resize(n);
  state.lambdas.resize(packed_.lambda_count());
  download_from_buffer(device_, buffers_->positions, state.positions.data(), n * 16);
  download_from_buffer(device_, buffers_->previous, state.previous.data(), n * 16);
  download_from_buffer(device_, buffers_->velocities, state.velocities.data(), n * 16);
  download_from_buffer(device_, buffers_->forces, state.forces.data(), n * 16);
  download_from_buffer(device_, buffers_->lambdas, state.lambdas.data(), state.lambdas.size() * 4);
  return state;
}

void GpuSolver::upload_state(const ParticleState<float>& state) {
  const size_t n = packed_.particle_count();
  if (state.positions.size() != n || state.previous.size() != n || state.velocities.size() != n) {
    throw ModelError("upload_state: the state has a different particle count than the model");
  }
  upload_to_buffer(device_, buffers_->positions, state.positions.data(), n * 16);
  upload_to_buffer(device_, buffers_->previous, state.previous.data(), n * 16);
  upload_to_buffer(device_, buffers_->velocities, state.velocities.data(), n * 16);
  if (state.forces.size() == n) {
    upload_to_buffer(device_, buffers_->forces, state.forces.data(), n * 16);
  }
  if (state.lambdas.size() == packed_.lambda_count()) {
    upload_to_buffer(device_, buffers_->lambdas, state.lambdas.data(), state.lambdas.size() * 4);
  }
}

}  // namespace weft
