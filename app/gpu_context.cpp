#include "app/gpu_context.h"

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

}  // namespace weft
