// The CPU reference's worker threads: a loop whose iterations write disjoint data (a GPU
// dispatch's threads, such as the particles of one colour of constraints) split into contiguous
// blocks that the threads take in turn until none is left. The caller takes blocks too and waits
// only for blocks taken, never for a worker that has not come: on a busy machine a worker the
// system has put aside simply takes none. Each iteration computes exactly what it would alone,
// so the results are the same bit for bit with any number of threads.
//
// Between two loops the workers spin for a moment before they sleep: a frame runs hundreds of
// short loops back to back, and waking a sleeping thread costs more than most of them.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace weft {

class CpuThreads {
 public:
  // count >= 1 threads in all: the caller's and count - 1 workers.
  explicit CpuThreads(unsigned count);
  ~CpuThreads();
  CpuThreads(const CpuThreads&) = delete;
  CpuThreads& operator=(const CpuThreads&) = delete;

  unsigned count() const { return static_cast<unsigned>(workers_.size()) + 1; }

  // Calls chunk(first, last) for contiguous ranges that together cover [0, n) once, on every
  // thread (the caller's too), and returns when every one has returned. A loop of fewer than
  // `smallest_split` iterations runs on the caller alone: splitting costs a few microseconds,
  // about what a thousand particles' worth of a light pass takes.
  void run(uint32_t n, uint32_t smallest_split,
           const std::function<void(uint32_t, uint32_t)>& chunk);

  // The cores this process may run on (its CPU affinity), at least 1.
  static unsigned available_cores();

 private:
  // One split loop, as the threads read it under the mutex.
  struct Loop {
    uint32_t generation = 0;
    const std::function<void(uint32_t, uint32_t)>* chunk = nullptr;
    uint32_t n = 0;
    uint32_t block = 0;  // iterations per block
  };

  void work();
  // Takes and runs blocks of `loop` while it is the current loop and some are left.
  void take_blocks(const Loop& loop);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  Loop loop_;  // the current loop (guarded by mutex_)
  bool stopping_ = false;
  // The current loop's generation (high 32 bits) and the first iteration no thread has taken
  // yet (low 32 bits): a block is taken by one compare-and-swap, which fails for a thread that
  // still holds an older loop.
  std::atomic<uint64_t> next_{0};
  std::atomic<uint32_t> done_{0};  // iterations of the current loop finished
};

}  // namespace weft
