// The GPU solver behind the Solver interface (sim/core/solver.h), and the CPU reference drawn
// through one: `weft run`, the viewer and the library's GPU Simulation.
#pragma once

#include <memory>

#include <volk.h>

#include "sim/core/solver.h"

namespace weft {

class Device;
class PassTimer;

// A Solver whose frames a frame loop can record into its own command buffer beside its drawing
// (the viewer: one submission a frame), whichever solver simulates.
class RecordedSolver : public Solver {
 public:
  // The next frame of the running settings: on the GPU, its passes recorded into cmd (each timed
  // with `timer` where one is given); on the CPU reference, the frame simulated now and the
  // upload of what it draws recorded.
  virtual void record_frame(VkCommandBuffer cmd, PassTimer* timer) = 0;
  // Whether the frames run on the CPU reference, whose blow-up watch is measured at once
  // (measure_health) instead of recorded into the frame (GpuSolver::record_health).
  virtual bool simulates_on_cpu() const = 0;
  // The GPU solver whose buffers draw the run.
  GpuSolver& drawn_solver() { return *drawn(); }
};

// Validates the model and checks that it fits the device (ModelError), then uploads it.
std::unique_ptr<RecordedSolver> make_solver_on_gpu(Device& device, const Model& model);

// The CPU reference on `threads` threads, drawn on `device`: after every frame its positions, torn
// links and the colliders' poses are uploaded into a GPU solver that only draws them (drawn()),
// so a CPU run makes the same pictures (`weft run --cpu --screenshot`, the viewer on lavapipe).
std::unique_ptr<RecordedSolver> make_drawn_solver_on_cpu(Device& device, const Model& model,
                                                         unsigned threads);

// One or the other: cpu_threads 0 for the GPU solver, otherwise the CPU reference drawn.
std::unique_ptr<RecordedSolver> make_drawn_solver(Device& device, const Model& model,
                                                  unsigned cpu_threads);

}  // namespace weft
