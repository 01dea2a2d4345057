// How much memory this machine has, so that a model too large to build in it is refused with a
// message before the allocation fails (or the kernel kills the process) half way through.
#pragma once

#include <cstdint>

namespace weft {

// Physical memory of the machine, bytes (0 if unknown).
uint64_t host_memory_bytes();

}  // namespace weft
