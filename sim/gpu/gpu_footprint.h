// The GPU memory a solver needs, buffer by buffer, and the check that it fits the device (its
// memory and its per-buffer and dispatch limits), made before anything is allocated.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace weft {

class Device;
class SolverCore;

struct GpuBufferSize {
  std::string name;  // "positions", "distance constraints: lambdas"
  uint64_t bytes = 0;
};

// The particle state every solver keeps (parameters, positions, previous positions, velocities,
// forces, the blow-up watch), for this many particles.
std::vector<GpuBufferSize> particle_buffer_sizes(uint64_t particles);
// Those and every module's buffers (named "<module>: <buffer>").
std::vector<GpuBufferSize> gpu_buffer_sizes(const SolverCore& core);
uint64_t total_bytes(const std::vector<GpuBufferSize>& buffers);

// Throws ModelError, naming the device, the need and the limit, when the buffers cannot live on
// it: a buffer beyond maxStorageBufferRange or maxMemoryAllocationSize, more memory than the
// largest device-local heap, or a dispatch of more threads than the device can launch.
void check_fits_device(const Device& device, const std::vector<GpuBufferSize>& buffers,
                       uint64_t particles, uint64_t widest_dispatch);

}  // namespace weft
