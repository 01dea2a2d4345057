#include "sim/gpu/gpu_footprint.h"

#include <cstdio>

#include "engine/device.h"
#include "sim/model/model_error.h"
#include "sim/core/solver_core.h"

namespace weft {

namespace {

std::string gib(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB",
                static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0));
  return text;
}

}  // namespace

std::vector<GpuBufferSize> particle_buffer_sizes(uint64_t particles) {
  const uint64_t vec4 = 16;
  return {
      {"parameters", sizeof(gpu::SimParams)},
      {"positions", particles * vec4},
      {"previous positions", particles * vec4},
      {"velocities", particles * vec4},
      {"forces", particles * vec4},
      {"health", sizeof(gpu::Health)},
      {"link state", particles * sizeof(uint32_t)},
  };
}

std::vector<GpuBufferSize> gpu_buffer_sizes(const SolverCore& core) {
  std::vector<GpuBufferSize> sizes = particle_buffer_sizes(core.particle_count());
  for (const auto& module : core.modules()) {
    for (const ModuleBuffer& buffer : module->buffers())
      sizes.push_back({std::string(module->name()) + ": " + buffer.name, buffer.bytes});
  }
  return sizes;
}

uint64_t total_bytes(const std::vector<GpuBufferSize>& buffers) {
  uint64_t total = 0;
  for (const GpuBufferSize& b : buffers)
    total += b.bytes;
  return total;
}

void check_fits_device(const Device& device, const std::vector<GpuBufferSize>& buffers,
                       uint64_t particles, uint64_t widest_dispatch) {
  const VkPhysicalDeviceLimits& limits = device.limits();
  const uint64_t largest_allocation = device.max_allocation_size();
  for (const GpuBufferSize& b : buffers) {
    if (b.bytes > limits.maxStorageBufferRange) {
      throw ModelError("the model is too large for " + device.name() + ": its " + b.name +
                       " buffer needs " + gib(b.bytes) +
                       ", more than the device's largest storage buffer (maxStorageBufferRange " +
                       gib(limits.maxStorageBufferRange) + ")");
    }
    if (b.bytes > largest_allocation) {
      throw ModelError("the model is too large for " + device.name() + ": its " + b.name +
                       " buffer needs " + gib(b.bytes) + ", more than one allocation may hold (" +
                       gib(largest_allocation) + ")");
    }
  }
  const uint64_t needed = total_bytes(buffers);
  const uint64_t heap = device.device_local_heap_size();
  if (needed > heap) {
    throw ModelError("the model needs " + gib(needed) + " of device memory for " +
                     std::to_string(particles) + " particles, but " + device.name() + " has " +
                     gib(heap));
  }
  const uint64_t groups = (widest_dispatch + WEFT_GROUP_SIZE - 1) / WEFT_GROUP_SIZE;
  const uint64_t rows = (groups + WEFT_MAX_GROUPS_X - 1) / WEFT_MAX_GROUPS_X;
  if (rows > limits.maxComputeWorkGroupCount[1]) {
    throw ModelError("the model's " + std::to_string(widest_dispatch) +
                     " elements in one pass exceed " + device.name() + "'s dispatch limits");
  }
}

}  // namespace weft
