#include "app/bench/gpu_frame_timing.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "app/progress_bar.h"
#include "engine/command_ring.h"
#include "engine/device.h"
#include "sim/gpu/gpu_solver.h"

namespace weft {

namespace {

// Frames in flight: the CPU records frame k while the GPU runs k - 1 and k - 2.
constexpr uint32_t kSlots = 3;

}  // namespace

GpuFrameSamples time_gpu_frames(Device& device, GpuSolver& solver, uint32_t warmup, uint32_t frames,
                                float frame_dt, uint32_t substeps,
                                const AfterSimulation& after_simulation, ProgressBar* progress) {
  const FrameShape shape = solver.core().current_shape(substeps);
  // A timestamp per pass, one for the frame's updates, one to start, two for drawing.
  const uint32_t timestamps = static_cast<uint32_t>(solver.core().build_schedule(shape).size()) + 4;
  PassTimer timer(device, kSlots, std::max(timestamps, 64u));
  if (!timer.supported()) {
    throw std::runtime_error(device.name() +
                             " cannot write timestamps on its queue: weft bench "
                             "needs them to time the GPU");
  }
  CommandRing ring(device, kSlots, "bench");
  std::vector<bool> measured(kSlots, false);
  GpuFrameSamples samples;
  samples.frames.reserve(frames);

  // The slot's previous frame is done once begin() has waited for its fence.
  auto collect = [&](uint32_t slot) {
    if (!measured[slot]) return;
    measured[slot] = false;
    std::optional<FrameTimings> timings = timer.read(slot);
    if (!timings) throw std::runtime_error("a finished frame's timestamps were not available");
    samples.frames.push_back(std::move(*timings));
  };
  uint32_t submitted = 0;
  auto run_frame = [&](bool measure) {
    VkCommandBuffer cmd = ring.begin();
    const uint32_t slot = ring.current_slot();
    collect(slot);
    if (measure) timer.begin(cmd, slot);
    solver.record_frame(cmd, frame_dt, substeps, measure ? &timer : nullptr);
    if (after_simulation) after_simulation(cmd, measure ? &timer : nullptr);
    ring.submit();
    measured[slot] = measure;
    if (progress) progress->update(++submitted);
  };

  for (uint32_t f = 0; f < warmup; ++f)
    run_frame(true);
  ring.wait_all();
  // The warm-up runs timed, like the frames after it, and its timings are dropped.
  std::fill(measured.begin(), measured.end(), false);
  samples.frames.clear();

  for (uint32_t f = 0; f < frames; ++f)
    run_frame(true);
  ring.wait_all();
  for (uint32_t slot = 0; slot < kSlots; ++slot)
    collect(slot);

  const auto start = std::chrono::steady_clock::now();
  for (uint32_t f = 0; f < frames; ++f)
    run_frame(false);
  ring.wait_all();
  samples.untimed_wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return samples;
}

}  // namespace weft
