// The GPU solver behind the same Simulation (the weft::weft_gpu library): Vulkan compute on the
// device chosen by `device` (an index or part of its name; empty: the best one, or WEFT_DEVICE).
#pragma once

#include <string>

#include "weft/simulation.h"

namespace weft::api {

struct GpuOptions {
  std::string device;
  bool validation = false;  // the Vulkan validation layer (or WEFT_VALIDATION=1)
};

// MachineError when no Vulkan device can be used; InputError for an invalid model.
Simulation make_gpu_simulation(const Scene& scene, const GpuOptions& options = {});

}  // namespace weft::api
