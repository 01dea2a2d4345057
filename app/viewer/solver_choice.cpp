#include "app/viewer/solver_choice.h"

#include "engine/device.h"
#include "sim/core/cpu_threads.h"

namespace weft {

unsigned choose_cpu_threads(const ViewOptions& options, const Device& device) {
  const bool on_cpu =
      options.use_cpu ||
      (!options.use_gpu && options.gpu.device_selector.empty() && !options.capture.frame &&
       device.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU);
  if (!on_cpu) return 0;
  return options.cpu_threads != 0 ? options.cpu_threads : CpuThreads::available_cores();
}

std::string simulator_name(unsigned cpu_threads) {
  if (cpu_threads == 0) return "on the device";
  return "on the CPU reference (" + std::to_string(cpu_threads) +
         (cpu_threads == 1 ? " thread)" : " threads)");
}

}  // namespace weft
