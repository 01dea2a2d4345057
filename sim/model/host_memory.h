// How much memory this process may still use, so that a model too large for it is refused with a
// message before the allocation fails (or the kernel kills the process) half way through.
//
// The answer is the smallest of what limits the process: the memory the kernel says is available
// (MemAvailable in /proc/meminfo: free memory plus what it can reclaim), the head-room under the
// memory limit of every control group the process is in (cgroup v2 memory.max, v1
// memory.limit_in_bytes, minus the usage), and the head-room under RLIMIT_AS and RLIMIT_DATA
// (minus the process's current address space and data segment).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace weft {

struct HostMemory {
  uint64_t available_bytes = 0;  // 0 if nothing could be read
  std::string limited_by;        // "MemAvailable", "cgroup memory limit", "RLIMIT_AS", ...
};

// root: where /proc and /sys are found ("/" on a real machine; tests point it at a fake tree).
// Resource limits are the process's own in any case.
HostMemory available_host_memory(const std::filesystem::path& root = "/");

// available_host_memory().available_bytes: memory this process may still use, bytes (0 if
// unknown).
uint64_t host_memory_bytes();

}  // namespace weft
