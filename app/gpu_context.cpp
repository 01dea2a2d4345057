#include "app/gpu_context.h"

#include <cstdio>

namespace weft {

GpuContext create_gpu_context(const GpuContextOptions& options) {
  GpuContext context;
  InstanceOptions instance_options;
  instance_options.validation =
      options.validation || Instance::validation_requested_by_environment();
  instance_options.extensions = options.instance_extensions;
  context.instance = std::make_unique<Instance>(instance_options);
  DeviceOptions device_options;
  device_options.selector = options.device_selector;
  device_options.extensions = options.device_extensions;
  context.device = std::make_unique<Device>(*context.instance, device_options);
  return context;
}

int validation_exit_status(const GpuContext& context) {
  if (!context.instance || !context.instance->validation_enabled()) return 0;
  const int errors = context.instance->validation_error_count();
  if (errors == 0) return 0;
  std::fprintf(stderr, "weft: the Vulkan validation layer reported %d error(s) (printed above)\n",
               errors);
  return 4;
}

}  // namespace weft
