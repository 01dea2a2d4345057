#include "engine/timestamp_queries.h"

#include <stdexcept>

#include "engine/check.h"
#include "engine/device.h"

namespace weft {

TimestampQueries::TimestampQueries(const Device& device, uint32_t slots, uint32_t capacity_per_slot,
                                   const std::string& name)
    : device_(device.handle()),
      counts_(slots, 0),
      capacity_(capacity_per_slot),
      period_ns_(device.timestamp_period_ns()),
      valid_mask_(device.timestamp_valid_bits() >= 64
                      ? ~uint64_t{0}
                      : (uint64_t{1} << device.timestamp_valid_bits()) - 1) {
  for (uint32_t s = 0; s < slots; ++s) {
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = capacity_per_slot;
    VkQueryPool pool = VK_NULL_HANDLE;
    VK_CHECK(vkCreateQueryPool(device_, &info, nullptr, &pool));
    device.set_name(VK_OBJECT_TYPE_QUERY_POOL, pool, name + " timestamps " + std::to_string(s));
    pools_.emplace_back(device_, pool, vkDestroyQueryPool);
  }
}

void TimestampQueries::reset(VkCommandBuffer cmd, uint32_t slot) {
  vkCmdResetQueryPool(cmd, pools_[slot].get(), 0, capacity_);
  counts_[slot] = 0;
}

uint32_t TimestampQueries::write(VkCommandBuffer cmd, uint32_t slot, VkPipelineStageFlags2 stage) {
  if (!supported()) return counts_[slot]++;
  if (counts_[slot] >= capacity_) {
    throw std::runtime_error("weft: more than " + std::to_string(capacity_) +
                             " timestamps in one frame; raise the timer's capacity");
  }
  vkCmdWriteTimestamp2(cmd, stage, pools_[slot].get(), counts_[slot]);
  return counts_[slot]++;
}

std::optional<std::vector<double>> TimestampQueries::read_ns(uint32_t slot) const {
  const uint32_t count = counts_[slot];
  if (!supported() || count == 0) return std::nullopt;
  // Pairs of (value, availability): available only once every query in the range is written.
  std::vector<uint64_t> raw(size_t{count} * 2);
  const VkResult result = vkGetQueryPoolResults(
      device_, pools_[slot].get(), 0, count, raw.size() * sizeof(uint64_t), raw.data(),
      2 * sizeof(uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
  if (result == VK_NOT_READY) return std::nullopt;
  VK_CHECK(result);
  std::vector<double> ns(count);
  const uint64_t first = raw[0] & valid_mask_;
  for (uint32_t i = 0; i < count; ++i) {
    if (raw[2 * i + 1] == 0) return std::nullopt;
    ns[i] = static_cast<double>(((raw[2 * i] & valid_mask_) - first) & valid_mask_) * period_ns_;
  }
  return ns;
}

}  // namespace weft
