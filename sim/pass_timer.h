// GPU time of every pass of a frame, from timestamps written between the passes. Sections are
// contiguous (each timestamp ends one section and starts the next), so the sections of a frame
// add up to its total. Each frame slot (frames in flight) has its own query pool; read() returns
// nothing until the GPU has finished that slot's frame, so reading never stalls.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/timestamp_queries.h"

namespace weft {

struct FrameTimings {
  // GPU milliseconds per section name, summed over the frame, in order of first appearance
  // ("frame updates", "force accumulation", "Verlet update", "constraint relaxation", ...).
  std::vector<std::pair<std::string, double>> sections;
  double total_ms = 0.0;  // first timestamp to last
};

class PassTimer {
 public:
  PassTimer(const Device& device, uint32_t slots, uint32_t capacity_per_slot = 16384);

  bool supported() const { return queries_.supported(); }
  // Starts the slot's frame: resets its pool and takes the first timestamp.
  void begin(VkCommandBuffer cmd, uint32_t slot);
  // Ends a section: everything recorded since the last mark (or begin) counts as `section`.
  // Sections of the same name add up; the name should be a stable string (a pass name).
  void mark(VkCommandBuffer cmd, const std::string& section);
  // The slot's timings once the GPU has finished its frame; nothing before (never waits).
  std::optional<FrameTimings> read(uint32_t slot) const;

 private:
  TimestampQueries queries_;
  std::vector<std::vector<std::string>> names_;  // per slot, the section each timestamp ends
  uint32_t slot_ = 0;
};

}  // namespace weft
