// The GPU solver behind the Solver interface (sim/core/solver.h), and the CPU reference drawn
// through one: `weft run` and the library's GPU Simulation.
#pragma once

#include <memory>

#include "sim/core/solver.h"

namespace weft {

class Device;

// Validates the model and checks that it fits the device (ModelError), then uploads it.
std::unique_ptr<Solver> make_solver_on_gpu(Device& device, const Model& model);

// The CPU reference on `threads` threads, drawn on `device`: after every step its positions, torn
// links and the colliders' poses are uploaded into a GPU solver that only draws them (drawn()),
// so a CPU run makes the same pictures (`weft run --cpu --screenshot`).
std::unique_ptr<Solver> make_drawn_solver_on_cpu(Device& device, const Model& model,
                                                 unsigned threads);

}  // namespace weft
