#include "sim/gpu/pass_timer.h"

#include <algorithm>

namespace weft {

PassTimer::PassTimer(const Device& device, uint32_t slots, uint32_t capacity_per_slot)
    : queries_(device, slots, capacity_per_slot, "pass timer"), passes_(slots) {}

void PassTimer::begin(VkCommandBuffer cmd, uint32_t slot) {
  slot_ = slot;
  passes_[slot].clear();
  queries_.reset(cmd, slot);
  queries_.write(cmd, slot, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
}

void PassTimer::mark(VkCommandBuffer cmd, const PassInfo& pass) {
  // ALL_COMMANDS: the timestamp is taken once every earlier command has finished, whatever kind
  // of work it was (compute, copies, drawing), so the section holds all of it.
  queries_.write(cmd, slot_, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT);
  passes_[slot_].push_back(&pass);
}

std::optional<FrameTimings> PassTimer::read(uint32_t slot) const {
  const std::optional<std::vector<double>> ns = queries_.read_ns(slot);
  if (!ns || ns->size() != passes_[slot].size() + 1) return std::nullopt;
  FrameTimings timings;
  for (size_t i = 0; i < passes_[slot].size(); ++i) {
    const double ms = ((*ns)[i + 1] - (*ns)[i]) * 1e-6;
    auto it = std::find_if(timings.sections.begin(), timings.sections.end(),
                           [&](const auto& s) { return s.first == passes_[slot][i]; });
    if (it == timings.sections.end()) {
      timings.sections.emplace_back(passes_[slot][i], ms);
    } else {
      it->second += ms;
    }
  }
  timings.total_ms = (ns->back() - ns->front()) * 1e-6;
  return timings;
}

}  // namespace weft
