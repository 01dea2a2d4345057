// The storage buffers the GPU solver keeps a model in, one per field, and the check that they fit
// the device (its memory and its per-buffer and dispatch limits) before anything is allocated.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/buffer.h"
#include "sim/packed_model.h"

namespace weft {

class Device;

// At most this many one-shot external forces per frame (they travel by vkCmdUpdateBuffer).
constexpr uint32_t kMaxExternalForcesPerFrame = 4096;

// How many of each element a model has: all that decides its GPU memory. It can be computed
// before a large model is built (see cloth_grid.h's count_cloth_grid), so that a grid too large
// for the device is refused before any memory is spent on it.
struct GpuFootprint {
  uint64_t particles = 0;
  uint64_t spring_refs = 0;  // two per spring
  uint64_t constraints = 0;
  uint64_t anchors = 0;  // the model's; the buffer also holds the drag slot (packed_model.h)
  uint64_t spheres = 0;
  uint64_t lambdas = 0;    // PackedModel::lambda_count()
  bool grid_path = false;  // no adjacency; scratch copies for the Jacobi sweeps

  static GpuFootprint of(const PackedModel& model);
};

struct GpuBufferSize {
  const char* name;
  uint64_t bytes;
};

// The size of each buffer, in binding order, and their sum.
std::vector<GpuBufferSize> gpu_buffer_sizes(const GpuFootprint& footprint);
uint64_t gpu_bytes_needed(const GpuFootprint& footprint);

// Throws ModelError, naming the device, the need and the limit, when the model cannot run on it:
// a buffer beyond maxStorageBufferRange or maxMemoryAllocationSize, more memory than the largest
// device-local heap, or more elements than one dispatch can cover.
void check_fits_device(const Device& device, const GpuFootprint& footprint);

struct GpuBuffers {
  GpuBuffers(const Device& device, const PackedModel& model);

  Buffer params;
  Buffer positions;
  Buffer previous;
  Buffer velocities;
  Buffer forces;
  Buffer spring_offsets;
  Buffer spring_refs;
  Buffer constraints;
  Buffer lambdas;
  Buffer anchors;
  Buffer spheres;
  Buffer external_forces;
  Buffer health;
  Buffer grid;             // grid path: GridParams
  Buffer scratch;          // grid path: positions of odd relaxation sweeps
  Buffer lambdas_scratch;  // grid path: multipliers of odd relaxation sweeps
  Buffer health_readback;  // host-visible copy of `health`

  // In WEFT_BINDING_* order, for the descriptor set.
  std::vector<const Buffer*> bindings() const;
};

}  // namespace weft
