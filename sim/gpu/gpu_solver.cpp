#include "sim/gpu/gpu_solver.h"

#include <algorithm>
#include <cstring>

#include "engine/barriers.h"
#include "engine/check.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "shaders/shader_library.h"
#include "sim/gpu/gpu_footprint.h"
#include "sim/model/model_error.h"

namespace weft {

const PassInfo kFrameUpdatesPass{"frame updates", ""};

namespace {

constexpr VkBufferUsageFlags kStorage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT;

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

// The widest dispatch a solver of this core can record.
uint64_t widest_dispatch(const SolverCore& core) {
  uint64_t widest = core.particle_count();
  std::vector<Step> steps = core.build_schedule(core.full_shape(1));
  const std::vector<Step> health = core.health_steps();
  steps.insert(steps.end(), health.begin(), health.end());
  for (const Step& step : steps)
    widest = std::max<uint64_t>(widest, core.module(step.module).threads(step));
  return widest;
}

const SolverCore& checked_for(const Device& device, const SolverCore& core) {
  check_fits_device(device, gpu_buffer_sizes(core), core.particle_count(), widest_dispatch(core));
  return core;
}

}  // namespace

// A module's buffers on the GPU, its descriptor set, and the pipelines of its passes.
struct GpuSolver::ModuleResources {
  std::vector<Buffer> buffers;
  std::vector<ModuleBuffer> declared;  // what the module declared at creation
  std::unique_ptr<StorageSet> set;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  std::vector<std::pair<const PassInfo*, VkPipeline>> pipelines;

  VkPipeline pipeline(const PassInfo* pass) const {
    for (const auto& [known, pipeline] : pipelines)
      if (known == pass) return pipeline;
    throw ModelError(std::string("no pipeline for pass ") + pass->name);
  }
};

GpuSolver::GpuSolver(Device& device, const Model& model)
    : device_(device), core_(model), health_readback_(), ring_(device, 3, "simulation") {
  checked_for(device, core_);
  const std::vector<GpuBufferSize> sizes = particle_buffer_sizes(core_.particle_count());
  for (uint32_t b = 0; b < WEFT_PARTICLE_BINDING_COUNT; ++b) {
    const VkBufferUsageFlags usage =
        kStorage | (b == WEFT_BINDING_POSITIONS ? VK_BUFFER_USAGE_VERTEX_BUFFER_BIT : 0);
    particles_.emplace_back(device, sizes[b].bytes, usage, MemoryKind::device_local, sizes[b].name);
  }
  health_readback_ = Buffer(device, sizeof(gpu::Health), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            MemoryKind::readback, "health readback");
  const size_t n = core_.particle_count();
  upload_to_buffer(device, particles_[WEFT_BINDING_PARAMS], &core_.params(),
                   sizeof(gpu::SimParams));
  upload_to_buffer(device, particles_[WEFT_BINDING_POSITIONS], core_.positions().data(), n * 16);
  upload_to_buffer(device, particles_[WEFT_BINDING_PREVIOUS], core_.previous().data(), n * 16);
  upload_to_buffer(device, particles_[WEFT_BINDING_VELOCITIES], core_.velocities().data(), n * 16);
  upload_to_buffer(device, particles_[WEFT_BINDING_LINK_STATE], core_.link_state().data(), n * 4);

  ComputePipelineCache& cache = device.compute_pipelines();
  particle_layout_ = cache.storage_set_layout(WEFT_PARTICLE_BINDING_COUNT);
  particle_set_ = std::make_unique<StorageSet>(device, particle_layout_,
                                               WEFT_PARTICLE_BINDING_COUNT, "particle state");
  for (uint32_t b = 0; b < WEFT_PARTICLE_BINDING_COUNT; ++b)
    particle_set_->write(b, particles_[b].handle());

  for (const auto& module : core_.modules()) {
    ModuleResources resources;
    resources.declared = module->buffers();
    const std::string prefix = std::string(module->name()) + ": ";
    for (const ModuleBuffer& declared : resources.declared) {
      resources.buffers.emplace_back(device, declared.bytes, kStorage, MemoryKind::device_local,
                                     prefix + declared.name);
      if (declared.data && declared.bytes > 0) {
        upload_to_buffer(device, resources.buffers.back(), declared.data, declared.bytes);
      }
    }
    const auto bindings = static_cast<uint32_t>(resources.buffers.size());
    std::vector<uint32_t> sets = {WEFT_PARTICLE_BINDING_COUNT};
    if (bindings > 0) {
      sets.push_back(bindings);
      resources.set = std::make_unique<StorageSet>(device, cache.storage_set_layout(bindings),
                                                   bindings, std::string(module->name()));
      for (uint32_t b = 0; b < bindings; ++b)
        resources.set->write(b, resources.buffers[b].handle());
    }
    resources.layout = cache.pipeline_layout(sets, WEFT_PUSH_CONSTANT_BYTES);
    for (const PassInfo* pass : module->passes()) {
      resources.pipelines.emplace_back(pass, cache.pipeline(pass->shader, resources.layout, [&] {
        return shaders::spirv(pass->shader);
      }));
    }
    modules_.push_back(std::move(resources));
  }
  // Forces and module buffers without data start at zero, so that a single pass run on its own
  // reads defined values.
  device.submit_and_wait([&](VkCommandBuffer cmd) {
    vkCmdFillBuffer(cmd, particles_[WEFT_BINDING_FORCES].handle(), 0, VK_WHOLE_SIZE, 0);
    vkCmdFillBuffer(cmd, particles_[WEFT_BINDING_HEALTH].handle(), 0, VK_WHOLE_SIZE, 0);
    for (const ModuleResources& resources : modules_) {
      for (size_t b = 0; b < resources.buffers.size(); ++b) {
        if (!resources.declared[b].data) {
          vkCmdFillBuffer(cmd, resources.buffers[b].handle(), 0, VK_WHOLE_SIZE, 0);
        }
      }
    }
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                   VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
  });
}

GpuSolver::~GpuSolver() = default;

const Buffer& GpuSolver::module_buffer(uint32_t module, uint32_t buffer) const {
  return modules_.at(module).buffers.at(buffer);
}

void GpuSolver::record_updates(VkCommandBuffer cmd) {
  std::vector<std::pair<uint32_t, BufferUpdate>> updates;
  for (const auto& module : core_.modules()) {
    std::vector<BufferUpdate> own;
    module->take_updates(own);
    for (const BufferUpdate& update : own)
      updates.emplace_back(module->index, update);
  }
  // The previous frame's passes may still read what is about to be overwritten.
  compute_to_transfer_barrier(cmd);
  update_buffer(cmd, particles_[WEFT_BINDING_PARAMS], 0, sizeof(gpu::SimParams), &core_.params());
  // A live edit's whole buffers first, then this frame's updates of parts of them (a collider's
  // pose now), which must land last.
  for (const SolverCore::BufferEdit& edit : pending_uploads_) {
    const ModuleBuffer declared = core_.module(edit.module).buffers()[edit.buffer];
    update_buffer(cmd, modules_[edit.module].buffers[edit.buffer], 0, declared.bytes,
                  declared.data);
  }
  if (!pending_uploads_.empty() && !updates.empty()) {
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  }
  pending_uploads_.clear();
  for (const auto& [module, update] : updates) {
    update_buffer(cmd, modules_[module].buffers[update.buffer], update.offset, update.bytes,
                  update.data);
  }
  for (const auto& [particle, inverse_mass] : core_.take_inverse_mass_edits()) {
    update_buffer(cmd, particles_[WEFT_BINDING_POSITIONS],
                  VkDeviceSize{particle} * sizeof(glm::vec4) + offsetof(glm::vec4, w),
                  sizeof(float), &inverse_mass);
  }
  transfer_to_compute_barrier(cmd);
}

const std::vector<std::string>& GpuSolver::labels_for(const std::vector<Step>& steps) {
  if (labelled_generation_ != core_.schedule_generation()) {
    labels_.clear();
    for (const Step& step : steps)
      labels_.push_back(core_.module(step.module).label(step));
    labelled_generation_ = core_.schedule_generation();
  }
  return labels_;
}

void GpuSolver::record_frame(VkCommandBuffer cmd, float frame_dt, uint32_t substeps,
                             PassTimer* timer) {
  const FrameShape shape = core_.begin_frame(frame_dt, substeps);
  DebugLabel frame_label(device_, cmd, "simulation frame");
  record_updates(cmd);
  if (timer) timer->mark(cmd, kFrameUpdatesPass);
  const std::vector<Step>& steps = core_.schedule(shape);
  const std::vector<std::string>& labels = labels_for(steps);
  while (substep_labels_.size() < substeps)
    substep_labels_.push_back("substep " + std::to_string(substep_labels_.size()));
  uint32_t open_substep = UINT32_MAX;
  for (size_t k = 0; k < steps.size(); ++k) {
    const Step& step = steps[k];
    if (step.substep != open_substep) {
      if (open_substep != UINT32_MAX) end_label(device_, cmd);
      begin_label(device_, cmd, substep_labels_[step.substep]);
      open_substep = step.substep;
    }
    record_step(cmd, step, labels[k], timer);
  }
  if (open_substep != UINT32_MAX) end_label(device_, cmd);
  core_.end_frame();
}

void GpuSolver::record_dispatch(VkCommandBuffer cmd, const Step& step) {
  const SolverModule& module = core_.module(step.module);
  const ModuleResources& resources = modules_[step.module];
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, resources.pipeline(step.pass));
  const VkDescriptorSet sets[2] = {particle_set_->handle(),
                                   resources.set ? resources.set->handle() : VK_NULL_HANDLE};
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, resources.layout, 0,
                          resources.set ? 2 : 1, sets, 0, nullptr);
  const PushConstants push = module.push(step);
  vkCmdPushConstants(cmd, resources.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                     WEFT_PUSH_CONSTANT_BYTES, push.data());
  const uint32_t threads = module.threads(step);
  if (threads == 0) return;
  const uint32_t groups = (threads + WEFT_GROUP_SIZE - 1) / WEFT_GROUP_SIZE;
  const uint32_t x = std::min<uint32_t>(groups, WEFT_MAX_GROUPS_X);
  const uint32_t y = (groups + x - 1) / x;
  vkCmdDispatch(cmd, x, y, 1);
  ++dispatches_;
}

void GpuSolver::record_step(VkCommandBuffer cmd, const Step& step, const std::string& label_text,
                            PassTimer* timer) {
  DebugLabel label(device_, cmd, label_text);
  record_dispatch(cmd, step);
  record_copies(cmd, step);
  if (timer) timer->mark(cmd, *step.pass);
  // Every pass reads what the one before wrote (relaxation colours share particles too). The
  // barrier after the last pass also orders this frame before whatever comes next on the queue.
  compute_to_compute_barrier(cmd);
}

const Buffer& GpuSolver::step_buffer(const Step& step, const StepBuffer& which) const {
  return which.particles ? particles_.at(which.index)
                         : modules_.at(step.module).buffers.at(which.index);
}

void GpuSolver::record_copies(VkCommandBuffer cmd, const Step& step) {
  if (step.copies.empty()) return;
  compute_to_transfer_barrier(cmd);
  for (const StepCopy& copy : step.copies) {
    const VkBufferCopy region{copy.from_offset, copy.to_offset, copy.bytes};
    if (copy.bytes == 0) continue;
    vkCmdCopyBuffer(cmd, step_buffer(step, copy.from).handle(), step_buffer(step, copy.to).handle(),
                    1, &region);
  }
  transfer_to_compute_barrier(cmd);
}

void GpuSolver::record_health(VkCommandBuffer cmd) {
  DebugLabel label(device_, cmd, "blow-up watch");
  const Buffer& health = particles_[WEFT_BINDING_HEALTH];
  compute_to_transfer_barrier(cmd);
  vkCmdFillBuffer(cmd, health.handle(), offsetof(gpu::Health, largest_stretch_bits),
                  2 * sizeof(uint32_t), 0);  // max strain 0, no non-finite particle
  vkCmdFillBuffer(cmd, health.handle(), offsetof(gpu::Health, first_nonfinite), sizeof(uint32_t),
                  0xffffffffu);  // first non-finite: none
  transfer_to_compute_barrier(cmd);
  // The watch's passes only add to the result with atomics: they need no barrier between them.
  for (const Step& step : core_.health_steps())
    record_dispatch(cmd, step);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT,
                 VK_PIPELINE_STAGE_2_COPY_BIT,
                 VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT);
  const VkBufferCopy region{0, 0, sizeof(gpu::Health)};
  vkCmdCopyBuffer(cmd, health.handle(), health_readback_.handle(), 1, &region);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_HOST_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT |
                     VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

HealthReport GpuSolver::read_recorded_health() const {
  health_readback_.invalidate_mapped_range();
  const auto* health = static_cast<const gpu::Health*>(health_readback_.mapped());
  HealthReport report;
  std::memcpy(&report.largest_stretch, &health->largest_stretch_bits, sizeof(float));
  report.nonfinite_count = health->nonfinite_count;
  report.first_nonfinite = health->first_nonfinite;
  report.torn_links = health->torn_links;
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
    record_frame(cmd, core_.settings().frame_dt, core_.settings().substeps);
    ring_.submit();
  }
  ring_.wait_all();
}

void GpuSolver::step(float frame_dt, uint32_t substeps) {
  submit_and_wait([&](VkCommandBuffer cmd) { record_frame(cmd, frame_dt, substeps); });
}

void GpuSolver::run_pass(const Step& step, float dt) {
  submit_and_wait([&](VkCommandBuffer cmd) {
    core_.begin_pass(dt);
    record_updates(cmd);
    record_step(cmd, step, core_.module(step.module).label(step), nullptr);
    core_.end_frame();
  });
}

HealthReport GpuSolver::measure_health() {
  submit_and_wait([&](VkCommandBuffer cmd) { record_health(cmd); });
  return read_recorded_health();
}

void GpuSolver::set_parameters(const Model& model) {
  // Each buffer once, however many edits come before the next frame: it is uploaded whole.
  for (const SolverCore::BufferEdit& edit : core_.set_parameters(model)) {
    const bool queued =
        std::any_of(pending_uploads_.begin(), pending_uploads_.end(), [&](const auto& pending) {
          return pending.module == edit.module && pending.buffer == edit.buffer;
        });
    if (!queued) pending_uploads_.push_back(edit);
  }
}

void GpuSolver::set_link_materials(const Model& model) {
  for (const SolverCore::BufferEdit& edit : core_.set_link_materials(model)) {
    const ModuleBuffer declared = core_.module(edit.module).buffers()[edit.buffer];
    upload_to_buffer(device_, modules_[edit.module].buffers[edit.buffer], declared.data,
                     declared.bytes);
  }
}

ParticleState<float> GpuSolver::download_state() const {
  const size_t n = core_.particle_count();
  ParticleState<float> state;
  state.positions.resize(n);
  state.previous.resize(n);
  state.velocities.resize(n);
  state.forces.resize(n);
  download_from_buffer(device_, particles_[WEFT_BINDING_POSITIONS], state.positions.data(), n * 16);
  download_from_buffer(device_, particles_[WEFT_BINDING_PREVIOUS], state.previous.data(), n * 16);
  download_from_buffer(device_, particles_[WEFT_BINDING_VELOCITIES], state.velocities.data(),
                       n * 16);
  download_from_buffer(device_, particles_[WEFT_BINDING_FORCES], state.forces.data(), n * 16);
  state.link_state.resize(n);
  download_from_buffer(device_, particles_[WEFT_BINDING_LINK_STATE], state.link_state.data(),
                       n * 4);
  gpu::Health health{};
  download_from_buffer(device_, particles_[WEFT_BINDING_HEALTH], &health, sizeof(health));
  state.torn_links = health.torn_links;
  for (const ModuleResources& resources : modules_) {
    for (size_t b = 0; b < resources.buffers.size(); ++b) {
      if (!resources.declared[b].state) continue;
      std::vector<float>& array = state.module_arrays.emplace_back(resources.declared[b].bytes / 4);
      download_from_buffer(device_, resources.buffers[b], array.data(), array.size() * 4);
    }
  }
  return state;
}

std::vector<uint32_t> GpuSolver::download_link_state() const {
  std::vector<uint32_t> state(core_.particle_count());
  download_from_buffer(device_, particles_[WEFT_BINDING_LINK_STATE], state.data(),
                       state.size() * 4);
  return state;
}

void GpuSolver::upload_state(const ParticleState<float>& state) {
  const size_t n = core_.particle_count();
  if (state.positions.size() != n || state.previous.size() != n || state.velocities.size() != n) {
    throw ModelError("upload_state: the state has a different particle count than the model");
  }
  upload_to_buffer(device_, particles_[WEFT_BINDING_POSITIONS], state.positions.data(), n * 16);
  upload_to_buffer(device_, particles_[WEFT_BINDING_PREVIOUS], state.previous.data(), n * 16);
  upload_to_buffer(device_, particles_[WEFT_BINDING_VELOCITIES], state.velocities.data(), n * 16);
  if (state.forces.size() == n) {
    upload_to_buffer(device_, particles_[WEFT_BINDING_FORCES], state.forces.data(), n * 16);
  }
  if (state.link_state.size() == n) {
    upload_to_buffer(device_, particles_[WEFT_BINDING_LINK_STATE], state.link_state.data(), n * 4);
  }
  size_t array = 0;
  for (const ModuleResources& resources : modules_) {
    for (size_t b = 0; b < resources.buffers.size(); ++b) {
      if (!resources.declared[b].state) continue;
      if (array < state.module_arrays.size() &&
          state.module_arrays[array].size() * 4 == resources.declared[b].bytes) {
        upload_to_buffer(device_, resources.buffers[b], state.module_arrays[array].data(),
                         resources.declared[b].bytes);
      }
      ++array;
    }
  }
}

void GpuSolver::record_drawn_state(VkCommandBuffer cmd, const ParticleState<float>& state,
                                   double time, float frame_dt) {
  const size_t n = core_.particle_count();
  if (state.positions.size() != n) {
    throw ModelError("a drawn state has a different particle count than the model");
  }
  DebugLabel label(device_, cmd, "drawn state");
  core_.pose_at(time, frame_dt);
  record_updates(cmd);
  // The previous frame's drawing may still read the positions (vertex shaders, not only compute).
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                 VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  update_buffer(cmd, particles_[WEFT_BINDING_POSITIONS], 0, n * sizeof(glm::vec4),
                state.positions.data());
  if (state.link_state.size() == n) {
    update_buffer(cmd, particles_[WEFT_BINDING_LINK_STATE], 0, n * sizeof(uint32_t),
                  state.link_state.data());
  }
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                 VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
}

void GpuSolver::upload_drawn_state(const ParticleState<float>& state, double time, float frame_dt) {
  submit_and_wait([&](VkCommandBuffer cmd) { record_drawn_state(cmd, state, time, frame_dt); });
}

}  // namespace weft
