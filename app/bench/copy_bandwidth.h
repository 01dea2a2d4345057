// The device's copy bandwidth, measured as weft's bandwidth yardstick: a large vkCmdCopyBuffer
// between two device-local buffers, timed with timestamps, counting the bytes read plus the bytes
// written. A pass that moves B bytes in the time a copy
// moves B bytes runs at 100% of it.
#pragma once

#include <cstdint>

#include "app/bench/statistics.h"

namespace weft {

class Device;

struct CopyBandwidth {
  uint64_t buffer_bytes = 0;  // copied per repeat (each repeat reads and writes this much)
  uint32_t repeats = 0;
  Summary ms;             // per copy
  double gb_per_s = 0.0;  // 2 * buffer_bytes / median time, 1 GB = 1e9 B
};

// Copies min(requested_bytes, a quarter of the device-local heap, the largest allocation) bytes
// `repeats` times after two unmeasured copies. Throws if the device cannot write timestamps.
CopyBandwidth measure_copy_bandwidth(const Device& device, uint64_t requested_bytes,
                                     uint32_t repeats = 20);

}  // namespace weft
