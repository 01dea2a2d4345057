#include "app/bench/copy_bandwidth.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "engine/barriers.h"
#include "engine/buffer.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/timestamp_queries.h"

namespace weft {

namespace {

constexpr uint32_t kUnmeasuredCopies = 2;  // first touches of the memory, clocks ramping up

}  // namespace

CopyBandwidth measure_copy_bandwidth(const Device& device, uint64_t requested_bytes,
                                     uint32_t repeats) {
  if (device.timestamp_period_ns() <= 0.0) {
    throw std::runtime_error(device.name() +
                             " cannot write timestamps on its queue: weft bench "
                             "needs them to time the GPU");
  }
  uint64_t bytes = std::min({requested_bytes, device.device_local_heap_size() / 4,
                             uint64_t{device.max_allocation_size()}});
  bytes = std::max<uint64_t>(bytes / 256 * 256, 256);
  constexpr VkBufferUsageFlags kUsage =
      VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  Buffer source(device, bytes, kUsage, MemoryKind::device_local, "copy bandwidth source");
  Buffer destination(device, bytes, kUsage, MemoryKind::device_local, "copy bandwidth destination");
  const uint32_t copies = kUnmeasuredCopies + repeats;
  TimestampQueries timestamps(device, 1, 2 * copies, "copy bandwidth");

  device.submit_and_wait([&](VkCommandBuffer cmd) {
    DebugLabel label(device, cmd, "copy bandwidth");
    timestamps.reset(cmd, 0);
    // Not zeros: a driver or memory system may treat zero pages specially.
    vkCmdFillBuffer(cmd, source.handle(), 0, VK_WHOLE_SIZE, 0x3f9e3779u);
    const VkBufferCopy region{0, 0, bytes};
    for (uint32_t i = 0; i < copies; ++i) {
      // Each copy waits for the one before (same destination), so they never overlap.
      memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                     VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT);
      timestamps.write(cmd, 0, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
      vkCmdCopyBuffer(cmd, source.handle(), destination.handle(), 1, &region);
      timestamps.write(cmd, 0, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
    }
  });

  const std::optional<std::vector<double>> ns = timestamps.read_ns(0);
  if (!ns) throw std::runtime_error("the copy-bandwidth timestamps were not written");
  std::vector<double> ms;
  for (uint32_t i = kUnmeasuredCopies; i < copies; ++i)
    ms.push_back(((*ns)[2 * i + 1] - (*ns)[2 * i]) * 1e-6);

  CopyBandwidth result;
  result.buffer_bytes = bytes;
  result.repeats = repeats;
  result.ms = summarize(ms);
  result.gb_per_s = result.ms.median > 0.0
                        ? 2.0 * static_cast<double>(bytes) / (result.ms.median * 1e-3) / 1e9
                        : 0.0;
  return result;
}

}  // namespace weft
