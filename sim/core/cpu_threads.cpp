#include "sim/core/cpu_threads.h"

#include <sched.h>

#include <algorithm>
#include <stdexcept>

namespace weft {

namespace {

// How many times a thread looks for work (or for the last blocks to finish) before it sleeps:
// a frame's loops follow one another within microseconds. It pauses between its first looks
// (tens of microseconds in all: the next loop is usually there by then), and yields the core
// between the later ones, so that on a busy machine another process runs instead of the spin.
constexpr int kPauses = 256;
constexpr int kSpins = 2000;

void relax_cpu(int spins) {
#if defined(__x86_64__) || defined(__i386__)
  if (spins < kPauses) {
    __builtin_ia32_pause();
    return;
  }
#endif
  std::this_thread::yield();
}

}  // namespace

CpuThreads::CpuThreads(unsigned count) {
  if (count == 0) throw std::invalid_argument("the CPU reference needs at least one thread");
  for (unsigned k = 1; k < count; ++k)
    workers_.emplace_back([this] { work(); });
}

CpuThreads::~CpuThreads() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& worker : workers_)
    worker.join();
}

unsigned CpuThreads::available_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int cores = CPU_COUNT(&set);
    if (cores > 0) return static_cast<unsigned>(cores);
  }
  const unsigned hardware = std::thread::hardware_concurrency();
  return hardware > 0 ? hardware : 1;
}

void CpuThreads::take_blocks(const Loop& loop) {
  const uint64_t generation = uint64_t{loop.generation} << 32;
  uint64_t next = next_.load(std::memory_order_acquire);
  for (;;) {
    if ((next & ~uint64_t{0xffffffff}) != generation) return;  // a later loop
    const auto first = static_cast<uint32_t>(next);
    if (first >= loop.n) return;
    const uint32_t last = first + std::min(loop.block, loop.n - first);
    if (!next_.compare_exchange_weak(next, generation | last, std::memory_order_acq_rel,
                                     std::memory_order_acquire)) {
      continue;  // `next` now holds what another thread left
    }
    (*loop.chunk)(first, last);
    done_.fetch_add(last - first, std::memory_order_acq_rel);
    next = next_.load(std::memory_order_acquire);
  }
}

void CpuThreads::run(uint32_t n, uint32_t smallest_split,
                     const std::function<void(uint32_t, uint32_t)>& chunk) {
  if (workers_.empty() || n < smallest_split) {
    if (n > 0) chunk(0, n);
    return;
  }
  Loop loop;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    loop.generation = loop_.generation + 1;
    loop.chunk = &chunk;
    loop.n = n;
    // Four blocks a thread: small enough to even out a late start, large enough that taking
    // one costs nothing beside its work.
    loop.block = std::max<uint32_t>(1, (n + 4 * count() - 1) / (4 * count()));
    loop_ = loop;
    done_.store(0, std::memory_order_relaxed);
    next_.store(uint64_t{loop.generation} << 32, std::memory_order_release);
  }
  wake_.notify_all();
  take_blocks(loop);
  // Only blocks already taken are left: their threads are running them.
  for (int spins = 0; done_.load(std::memory_order_acquire) < n; ++spins)
    relax_cpu(spins);
}

void CpuThreads::work() {
  uint32_t seen = 0;  // the last loop's generation this worker took part in
  for (;;) {
    // Spin for the next loop a moment, then sleep until it comes.
    for (int spins = 0; spins < kSpins; ++spins) {
      if ((next_.load(std::memory_order_acquire) >> 32) != seen) break;
      relax_cpu(spins);
    }
    Loop loop;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || loop_.generation != seen; });
      if (stopping_) return;
      loop = loop_;
    }
    seen = loop.generation;
    take_blocks(loop);
  }
}

}  // namespace weft
