// GPU time of every pass of a frame, from timestamps written between the passes. Sections are
// contiguous (each timestamp ends one section and starts the next), so the sections of a frame
// add up to its total. Each frame slot (frames in flight) has its own query pool; read() returns
// nothing until the GPU has finished that slot's frame, so reading never stalls.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/timestamp_queries.h"
#include "sim/core/pass_info.h"

namespace weft {

struct FrameTimings {
  // GPU milliseconds per pass, summed over the frame, in order of first appearance (every colour
  // and sweep of a relaxation pass adds up to one entry).
  std::vector<std::pair<const PassInfo*, double>> sections;
  double total_ms = 0.0;  // first timestamp to last
};

class PassTimer {
 public:
  PassTimer(const Device& device, uint32_t slots, uint32_t capacity_per_slot = 16384);

  bool supported() const { return queries_.supported(); }
  // Starts the slot's frame: resets its pool and takes the first timestamp.
  void begin(VkCommandBuffer cmd, uint32_t slot);
  // Ends a section: everything recorded since the last mark (or begin) counts as `pass`.
  void mark(VkCommandBuffer cmd, const PassInfo& pass);
  // The slot's timings once the GPU has finished its frame; nothing before (never waits).
  std::optional<FrameTimings> read(uint32_t slot) const;

 private:
  TimestampQueries queries_;
  std::vector<std::vector<const PassInfo*>> passes_;  // per slot, the pass each timestamp ends
  uint32_t slot_ = 0;
};

}  // namespace weft
