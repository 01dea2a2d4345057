// Which solver the viewer simulates on: the GPU solver, recorded into the frame's command buffer,
// or the CPU reference, whose positions and torn links are uploaded every frame into a GPU solver
// that only draws them (sim/gpu/solver_on_gpu.h), so the renderer, the picker and the
// screenshots read the same buffers either way.
#pragma once

#include <string>

#include "app/viewer/view_options.h"

namespace weft {

class Device;

// 0 for the device, otherwise the CPU reference's thread count. --cpu and --gpu choose; without
// them, a device that is itself a CPU (lavapipe) gives the CPU reference on every core, several
// times faster there than the same cores running the GPU solver's dispatches, unless a device was
// named (--device) or a RenderDoc capture asked for.
unsigned choose_cpu_threads(const ViewOptions& options, const Device& device);
// The panel's line: "on the CPU reference (2 threads)" or "on the device".
std::string simulator_name(unsigned cpu_threads);

}  // namespace weft
