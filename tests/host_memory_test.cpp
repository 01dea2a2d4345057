// What sim/model/host_memory.h reports: the memory this process may still use, the smallest of what
// the kernel has available, the control groups' limits and the process's resource limits. The
// files are read from a fake /proc and /sys here; the resource limits are the test's own.
#include <gtest/gtest.h>

#include <fstream>

#include <sys/resource.h>

#include "sim/model/host_memory.h"

namespace weft::test {
namespace {

namespace fs = std::filesystem;

class FakeRoot {
 public:
  explicit FakeRoot(const std::string& name)
      : root_(fs::temp_directory_path() / ("weft_host_memory_test_" + name)) {
    fs::remove_all(root_);
  }
  ~FakeRoot() { fs::remove_all(root_); }
  void write(const std::string& file, const std::string& text) const {
    fs::create_directories((root_ / file).parent_path());
    std::ofstream(root_ / file) << text;
  }
  const fs::path& path() const { return root_; }

 private:
  fs::path root_;
};

constexpr uint64_t kGiB = uint64_t{1} << 30;

TEST(HostMemory, AvailableMemoryIsWhatTheKernelCanGiveNotTheTotal) {
  FakeRoot root("meminfo");
  root.write("proc/meminfo",
             "MemTotal:       33554432 kB\nMemFree:          100000 kB\n"
             "MemAvailable:    2097152 kB\n");
  const HostMemory memory = available_host_memory(root.path());
  EXPECT_EQ(memory.available_bytes, 2 * kGiB);
  EXPECT_EQ(memory.limited_by, "MemAvailable");
}

// cgroup v2: the tightest limit of the group and its parents, minus what each already uses.
TEST(HostMemory, TheTightestControlGroupAboveTheProcessBinds) {
  FakeRoot root("cgroup_v2");
  root.write("proc/meminfo", "MemAvailable:   16777216 kB\n");
  root.write("proc/self/cgroup", "0::/user.slice/weft.scope\n");
  root.write("sys/fs/cgroup/user.slice/weft.scope/memory.max", "max\n");
  root.write("sys/fs/cgroup/user.slice/memory.max", std::to_string(3 * kGiB) + "\n");
  root.write("sys/fs/cgroup/user.slice/memory.current", std::to_string(kGiB) + "\n");
  const HostMemory memory = available_host_memory(root.path());
  EXPECT_EQ(memory.available_bytes, 2 * kGiB);
  EXPECT_EQ(memory.limited_by, "cgroup memory limit");
}

// cgroup v1, as Docker on older hosts sets it up; its "no limit" is a huge page-rounded number.
TEST(HostMemory, ControlGroupsVersionOneCountToo) {
  FakeRoot root("cgroup_v1");
  root.write("proc/meminfo", "MemAvailable:   16777216 kB\n");
  root.write("proc/self/cgroup", "5:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n0::/\n");
  root.write("sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes", std::to_string(kGiB) + "\n");
  root.write("sys/fs/cgroup/memory/docker/abc/memory.usage_in_bytes",
             std::to_string(kGiB / 4) + "\n");
  root.write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
  const HostMemory memory = available_host_memory(root.path());
  EXPECT_EQ(memory.available_bytes, kGiB - kGiB / 4);
  EXPECT_EQ(memory.limited_by, "cgroup memory limit");
}

// The real process under a data-segment limit: the head-room under it is what it may use.
TEST(HostMemory, AResourceLimitOfTheProcessBinds) {
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_DATA, &saved), 0);
  const uint64_t before = host_memory_bytes();
  ASSERT_GT(before, 0u);
  // Any process may lower its soft limit and raise it back to where it was.
  FakeRoot root("rlimit");
  root.write("proc/meminfo", "MemAvailable:   16777216 kB\n");
  root.write("proc/self/status", "VmSize:  1048576 kB\nVmData:   524288 kB\n");
  rlimit limited = saved;
  limited.rlim_cur = kGiB;
  if (saved.rlim_max != RLIM_INFINITY && saved.rlim_max < kGiB) limited.rlim_cur = saved.rlim_max;
  ASSERT_EQ(::setrlimit(RLIMIT_DATA, &limited), 0);
  const HostMemory memory = available_host_memory(root.path());
  ::setrlimit(RLIMIT_DATA, &saved);
  EXPECT_EQ(memory.available_bytes, limited.rlim_cur - kGiB / 2);  // the fake VmData is 512 MiB
  EXPECT_EQ(memory.limited_by, "RLIMIT_DATA");
}

TEST(HostMemory, TheRealMachineReportsLessThanItsTotalMemory) {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  uint64_t total_kib = 0;
  while (meminfo >> key) {
    if (key == "MemTotal:") {
      meminfo >> total_kib;
      break;
    }
  }
  ASSERT_GT(total_kib, 0u);
  const uint64_t available = host_memory_bytes();
  EXPECT_GT(available, 0u);
  EXPECT_LT(available, total_kib * 1024);  // the kernel, this test and others use some
}

}  // namespace
}  // namespace weft::test
