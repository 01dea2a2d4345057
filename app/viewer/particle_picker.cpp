#include "app/viewer/particle_picker.h"

#include <algorithm>
#include <cstring>

#include "engine/barriers.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "shaders/shader_library.h"
#include "sim/gpu/gpu_solver.h"

namespace weft {

ParticlePicker::ParticlePicker(Device& device, const GpuSolver& solver, uint32_t slots)
    : device_(device),
      particle_count_(solver.core().particle_count()),
      bindings_(device, WEFT_PICK_BINDING_COUNT, sizeof(gpu::PickPush), VK_SHADER_STAGE_COMPUTE_BIT,
                "picking"),
      pipeline_(device, bindings_.pipeline_layout(), shaders::spirv("pick.comp"), "pick"),
      result_(device, sizeof(gpu::PickResult),
              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                  VK_BUFFER_USAGE_TRANSFER_DST_BIT,
              MemoryKind::device_local, "pick result"),
      in_flight_(slots) {
  for (uint32_t s = 0; s < slots; ++s) {
    readbacks_.emplace_back(device, sizeof(gpu::PickResult), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            MemoryKind::readback, "pick readback " + std::to_string(s));
  }
  bindings_.write(WEFT_PICK_BINDING_POSITIONS, solver.positions());
  bindings_.write(WEFT_PICK_BINDING_RESULT, result_);
}

void ParticlePicker::request(uint64_t id, const Ray& ray, float tan_tolerance) {
  pending_ = Pending{id, ray, tan_tolerance};
}

void ParticlePicker::record(VkCommandBuffer cmd, uint32_t slot) {
  in_flight_[slot].reset();
  if (!pending_) return;
  DebugLabel label(device_, cmd, "pick");
  // An earlier pick may still read or write the result.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_COPY_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT |
                     VK_ACCESS_2_TRANSFER_READ_BIT,
                 VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  vkCmdFillBuffer(cmd, result_.handle(), 0, 16, 0xffffffffu);  // no depth, angle or particle yet
  transfer_to_compute_barrier(cmd);

  bindings_.bind(cmd, VK_PIPELINE_BIND_POINT_COMPUTE);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_.handle());
  gpu::PickPush push{};
  push.origin = glm::vec4(pending_->ray.origin, 1.0f);
  push.direction = glm::vec4(pending_->ray.direction, 0.0f);
  push.tan_tolerance = pending_->tan_tolerance;
  push.particle_count = particle_count_;
  const uint32_t groups = (particle_count_ + WEFT_GROUP_SIZE - 1) / WEFT_GROUP_SIZE;
  const uint32_t x = std::max(1u, std::min<uint32_t>(groups, WEFT_MAX_GROUPS_X));
  for (uint32_t stage : {WEFT_PICK_NEAREST_DEPTH, WEFT_PICK_SMALLEST_ANGLE, WEFT_PICK_LOWEST_INDEX,
                         WEFT_PICK_COPY_POSITION}) {
    push.stage = stage;
    vkCmdPushConstants(cmd, bindings_.pipeline_layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                       sizeof(push), &push);
    if (stage == WEFT_PICK_COPY_POSITION) {
      vkCmdDispatch(cmd, 1, 1, 1);
    } else {
      vkCmdDispatch(cmd, x, (groups + x - 1) / x, 1);
    }
    compute_to_compute_barrier(cmd);  // each stage reads what the one before found
  }
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
  const VkBufferCopy region{0, 0, sizeof(gpu::PickResult)};
  vkCmdCopyBuffer(cmd, result_.handle(), readbacks_[slot].handle(), 1, &region);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
  in_flight_[slot] = pending_->id;
  pending_.reset();
}

std::optional<PickAnswer> ParticlePicker::collect(uint32_t slot) {
  if (!in_flight_[slot]) return std::nullopt;
  const Buffer& readback = readbacks_[slot];
  readback.invalidate_mapped_range();
  gpu::PickResult result;
  std::memcpy(&result, readback.mapped(), sizeof(result));
  PickAnswer answer;
  answer.request = *in_flight_[slot];
  in_flight_[slot].reset();
  if (result.particle < particle_count_) {
    answer.particle = result.particle;
    answer.position = glm::vec3(result.position);
  }
  return answer;
}

}  // namespace weft
