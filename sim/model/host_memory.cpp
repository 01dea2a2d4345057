#include "sim/model/host_memory.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include <sys/resource.h>

namespace weft {

namespace {

constexpr uint64_t kUnlimited = UINT64_MAX;

// "MemAvailable:   23779344 kB" -> bytes; the value of `key` in a /proc "Key: N kB" file.
uint64_t proc_kib_value(const std::filesystem::path& file, std::string_view key) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, key.size(), key) != 0 || line.size() <= key.size() ||
        line[key.size()] != ':') {
      continue;
    }
    std::istringstream fields(line.substr(key.size() + 1));
    uint64_t kib = 0;
    if (fields >> kib) return kib * 1024;
  }
  return kUnlimited;
}

// A cgroup limit file: a number of bytes, or "max"; anything unreadable is no limit.
uint64_t read_bytes(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string text;
  if (!(in >> text) || text == "max") return kUnlimited;
  try {
    size_t used = 0;
    const unsigned long long value = std::stoull(text, &used);
    return used == text.size() ? value : kUnlimited;
  } catch (const std::exception&) {
    return kUnlimited;
  }
}

// The control groups of this process with a memory controller: (mount folder, group path) pairs
// from /proc/self/cgroup. v2 lines read "0::/path"; v1 lines "N:memory:/path" (or
// "N:...,memory,...:/path").
std::vector<std::filesystem::path> memory_cgroup_folders(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> folders;
  std::ifstream in(root / "proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    const size_t first = line.find(':');
    const size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string group = line.substr(second + 1);
    if (group.empty() || group[0] != '/') continue;
    const std::filesystem::path relative =
        std::filesystem::path(group).relative_path().lexically_normal();
    auto below = [&](const char* mount) {
      const std::filesystem::path base = root / mount;
      return relative.empty() || relative == "." ? base : base / relative;
    };
    if (controllers.empty()) {
      folders.push_back(below("sys/fs/cgroup"));          // v2, unified at the usual place
      folders.push_back(below("sys/fs/cgroup/unified"));  // v2 beside v1 (hybrid)
    } else if (("," + controllers + ",").find(",memory,") != std::string::npos) {
      folders.push_back(below("sys/fs/cgroup/memory"));
    }
  }
  return folders;
}

// Head-room under the tightest memory limit of the group and of every group above it (a parent's
// limit binds its children too).
uint64_t cgroup_headroom(const std::filesystem::path& root) {
  uint64_t headroom = kUnlimited;
  const std::filesystem::path top = root / "sys/fs/cgroup";
  for (std::filesystem::path folder : memory_cgroup_folders(root)) {
    for (;;) {
      for (const auto& [limit_file, usage_file] :
           {std::pair{"memory.max", "memory.current"},
            std::pair{"memory.limit_in_bytes", "memory.usage_in_bytes"}}) {
        const uint64_t limit = read_bytes(folder / limit_file);
        // cgroup v1 writes "no limit" as a page-rounded 2^63.
        if (limit == kUnlimited || limit >= (uint64_t{1} << 62)) continue;
        uint64_t usage = read_bytes(folder / usage_file);
        if (usage == kUnlimited) usage = 0;
        headroom = std::min(headroom, limit > usage ? limit - usage : 0);
      }
      // Up to the mount's top, never above it (a "../" in the group path cannot lead out).
      if (folder == top || folder.parent_path() == folder ||
          folder.string().size() <= top.string().size()) {
        break;
      }
      folder = folder.parent_path();
    }
  }
  return headroom;
}

// Head-room under a resource limit, given what the process already uses of it.
uint64_t rlimit_headroom(int resource, uint64_t used) {
  struct rlimit limit {};
  if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return kUnlimited;
  const uint64_t cap = limit.rlim_cur;
  return cap > used ? cap - used : 0;
}

}  // namespace

HostMemory available_host_memory(const std::filesystem::path& root) {
  HostMemory memory;
  uint64_t best = kUnlimited;
  auto consider = [&](uint64_t bytes, const char* source) {
    if (bytes < best) {
      best = bytes;
      memory.limited_by = source;
    }
  };
  consider(proc_kib_value(root / "proc/meminfo", "MemAvailable"), "MemAvailable");
  consider(cgroup_headroom(root), "cgroup memory limit");
  const std::filesystem::path status = root / "proc/self/status";
  uint64_t address_space = proc_kib_value(status, "VmSize");
  uint64_t data = proc_kib_value(status, "VmData");
  consider(rlimit_headroom(RLIMIT_AS, address_space == kUnlimited ? 0 : address_space),
           "RLIMIT_AS");
  consider(rlimit_headroom(RLIMIT_DATA, data == kUnlimited ? 0 : data), "RLIMIT_DATA");
  memory.available_bytes = best == kUnlimited ? 0 : best;
  if (best == kUnlimited) memory.limited_by.clear();
  return memory;
}

uint64_t host_memory_bytes() {
  return available_host_memory().available_bytes;
}

}  // namespace weft
