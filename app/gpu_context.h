// The Vulkan instance and device a weft command runs on, made from its command-line options.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/device.h"
#include "engine/instance.h"

namespace weft {

struct GpuContextOptions {
  std::string device_selector;  // --device NAME|INDEX (WEFT_DEVICE when empty)
  bool validation = false;      // --validation (or WEFT_VALIDATION=1)
  std::vector<std::string> instance_extensions;
  std::vector<std::string> device_extensions;
};

struct GpuContext {
  std::unique_ptr<Instance> instance;
  std::unique_ptr<Device> device;
};

GpuContext create_gpu_context(const GpuContextOptions& options);

// What a command exits with after its GPU work: 0, or 4 with a message on stderr when validation
// was on and reported errors (so that tests running the program fail on them).
int validation_exit_status(const GpuContext& context);

}  // namespace weft
