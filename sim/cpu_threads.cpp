#include "sim/cpu_threads.h"

#include <sched.h>

#include <algorithm>

#include <stdexcept>

namespace weft {

namespace {

// How long a worker spins for the next loop before it sleeps: a frame's loops follow one another
// within microseconds.
constexpr int kSpins = 20000;

void relax_cpu() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
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
    generation_.fetch_add(1, std::memory_order_release);
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

void CpuThreads::take_blocks() {
  for (;;) {
    const uint32_t first = next_.fetch_add(block_, std::memory_order_relaxed);
    if (first >= n_) return;
    (*chunk_)(first, first + std::min(block_, n_ - first));
  }
}

void CpuThreads::run(uint32_t n, uint32_t smallest_split,
                     const std::function<void(uint32_t, uint32_t)>& chunk) {
  if (workers_.empty() || n < smallest_split) {
    if (n > 0) chunk(0, n);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    chunk_ = &chunk;
    n_ = n;
    // Four blocks a thread: small enough to even out a late start, large enough that taking
    // one costs nothing beside its work.
    block_ = std::max<uint32_t>(1, (n + 4 * count() - 1) / (4 * count()));
    next_.store(0, std::memory_order_relaxed);
    busy_.store(static_cast<unsigned>(workers_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
  }
  wake_.notify_all();
  take_blocks();
  // A worker the system has put aside may be late: spin a moment, then give the core away.
  for (int spins = 0; busy_.load(std::memory_order_acquire) != 0; ++spins) {
    if (spins < kSpins)
      relax_cpu();
    else
      std::this_thread::yield();
  }
}

void CpuThreads::work() {
  uint64_t seen = 0;
  for (;;) {
    // Spin for the next loop a moment, then sleep until it comes.
    int spins = 0;
    while (generation_.load(std::memory_order_acquire) == seen && spins < kSpins) {
      relax_cpu();
      ++spins;
    }
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != seen; });
      if (stopping_) return;
      seen = generation_.load(std::memory_order_acquire);
    }
    take_blocks();
    busy_.fetch_sub(1, std::memory_order_acq_rel);
  }
}

}  // namespace weft
