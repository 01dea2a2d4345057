#include "app/viewer/health_watch.h"

#include <cstring>
#include <string>
#include <utility>

#include "engine/barriers.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/gpu/solver_on_gpu.h"

namespace weft {

HealthWatch::HealthWatch(Device& device, uint32_t slots)
    : device_(device), recorded_(slots), measured_(slots) {
  for (uint32_t s = 0; s < slots; ++s) {
    readbacks_.emplace_back(device, sizeof(gpu::Health), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            MemoryKind::readback, "health readback " + std::to_string(s));
  }
}

void HealthWatch::watch(VkCommandBuffer cmd, uint32_t slot, RecordedSolver& simulation) {
  if (simulation.simulates_on_cpu()) {
    measured_[slot] = simulation.measure_health();
    return;
  }
  GpuSolver& solver = simulation.drawn_solver();
  // record_health leaves the result visible to copies; this slot's own copy keeps frames in
  // flight from overwriting each other's reports.
  solver.record_health(cmd);
  const VkBufferCopy region{0, 0, sizeof(gpu::Health)};
  vkCmdCopyBuffer(cmd, solver.health().handle(), readbacks_[slot].handle(), 1, &region);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
  recorded_[slot] = true;
}

std::optional<HealthReport> HealthWatch::collect(uint32_t slot) {
  if (measured_[slot]) return std::exchange(measured_[slot], std::nullopt);
  if (!recorded_[slot]) return std::nullopt;
  recorded_[slot] = false;
  readbacks_[slot].invalidate_mapped_range();
  gpu::Health health;
  std::memcpy(&health, readbacks_[slot].mapped(), sizeof(health));
  HealthReport report;
  std::memcpy(&report.largest_stretch, &health.largest_stretch_bits, sizeof(float));
  report.nonfinite_count = health.nonfinite_count;
  report.first_nonfinite = health.first_nonfinite;
  report.torn_links = health.torn_links;
  return report;
}

}  // namespace weft
