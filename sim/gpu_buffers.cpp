#include "sim/gpu_buffers.h"

#include <cstdio>

#include "engine/barriers.h"
#include "engine/device.h"
#include "sim/model_error.h"

namespace weft {

namespace {

constexpr VkBufferUsageFlags kStorage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT;

std::string gib(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB",
                static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0));
  return text;
}

template <typename T>
Buffer make_filled(const Device& device, const std::vector<T>& data, const char* name,
                   VkBufferUsageFlags extra_usage = 0) {
  Buffer buffer(device, data.size() * sizeof(T), kStorage | extra_usage, MemoryKind::device_local,
                name);
  upload_to_buffer(device, buffer, data.data(), data.size() * sizeof(T));
  return buffer;
}

}  // namespace

GpuFootprint GpuFootprint::of(const PackedModel& model) {
  GpuFootprint footprint;
  footprint.particles = model.particle_count();
  footprint.spring_refs = model.springs.refs.size();
  footprint.constraints = model.constraints.constraints.size();
  footprint.anchors = model.model_anchor_count();
  footprint.spheres = model.spheres.size();
  footprint.lambdas = model.lambda_count();
  footprint.grid_path = model.grid_path;
  return footprint;
}

std::vector<GpuBufferSize> gpu_buffer_sizes(const GpuFootprint& footprint) {
  const uint64_t n = footprint.particles;
  const uint64_t vec4 = 16;
  return {
      {"parameters", sizeof(gpu::SimParams)},
      {"positions", n * vec4},
      {"previous positions", n * vec4},
      {"velocities", n * vec4},
      {"forces", n * vec4},
      {"spring offsets", footprint.grid_path ? 0 : (n + 1) * 4},
      {"spring refs", footprint.spring_refs * sizeof(gpu::SpringRef)},
      {"constraints", footprint.constraints * sizeof(gpu::DistanceConstraint)},
      {"lambdas", footprint.lambdas * 4},
      {"anchors", (footprint.anchors + 1) * sizeof(gpu::Anchor)},  // + the drag slot
      {"spheres", footprint.spheres * vec4},
      {"external forces", kMaxExternalForcesPerFrame * sizeof(gpu::ExternalForce)},
      {"health", sizeof(gpu::Health)},
      {"grid parameters", sizeof(gpu::GridParams)},
      {"scratch positions", footprint.grid_path ? n * vec4 : 0},
      {"scratch lambdas", footprint.grid_path ? footprint.lambdas * 4 : 0},
  };
}

uint64_t gpu_bytes_needed(const GpuFootprint& footprint) {
  uint64_t total = 0;
  for (const GpuBufferSize& b : gpu_buffer_sizes(footprint))
    total += b.bytes;
  return total;
}

void check_fits_device(const Device& device, const GpuFootprint& footprint) {
  const VkPhysicalDeviceLimits& limits = device.limits();
  const uint64_t largest_allocation = device.max_allocation_size();
  for (const GpuBufferSize& b : gpu_buffer_sizes(footprint)) {
    if (b.bytes > limits.maxStorageBufferRange) {
      throw ModelError("the model is too large for " + device.name() + ": its " + b.name +
                       " buffer needs " + gib(b.bytes) +
                       ", more than the device's largest storage "
                       "buffer (maxStorageBufferRange " +
                       gib(limits.maxStorageBufferRange) + ")");
    }
    if (b.bytes > largest_allocation) {
      throw ModelError("the model is too large for " + device.name() + ": its " + b.name +
                       " buffer needs " + gib(b.bytes) + ", more than one allocation may hold (" +
                       gib(largest_allocation) + ")");
    }
  }
  const uint64_t needed = gpu_bytes_needed(footprint);
  const uint64_t heap = device.device_local_heap_size();
  if (needed > heap) {
    throw ModelError("the model needs " + gib(needed) + " of device memory for " +
                     std::to_string(footprint.particles) + " particles, but " + device.name() +
                     " has " + gib(heap));
  }
  const uint64_t threads = footprint.particles + footprint.constraints;
  const uint64_t groups = (threads + WEFT_GROUP_SIZE - 1) / WEFT_GROUP_SIZE;
  const uint64_t rows = (groups + WEFT_MAX_GROUPS_X - 1) / WEFT_MAX_GROUPS_X;
  if (rows > limits.maxComputeWorkGroupCount[1]) {
    throw ModelError("the model's " + std::to_string(threads) + " elements exceed " +
                     device.name() + "'s dispatch limits");
  }
}

GpuBuffers::GpuBuffers(const Device& device, const PackedModel& model)
    : params(device, sizeof(gpu::SimParams), kStorage, MemoryKind::device_local, "parameters"),
      positions(
          make_filled(device, model.positions, "positions", VK_BUFFER_USAGE_VERTEX_BUFFER_BIT)),
      previous(make_filled(device, model.previous, "previous positions")),
      velocities(make_filled(device, model.velocities, "velocities")),
      forces(device, model.positions.size() * 16, kStorage, MemoryKind::device_local, "forces"),
      spring_offsets(make_filled(device, model.springs.offsets, "spring offsets")),
      spring_refs(make_filled(device, model.springs.refs, "spring refs")),
      constraints(make_filled(device, model.constraints.constraints, "constraints")),
      lambdas(device, model.lambda_count() * 4, kStorage, MemoryKind::device_local, "lambdas"),
      anchors(make_filled(device, model.anchors, "anchors")),
      spheres(make_filled(device, model.spheres, "spheres")),
      external_forces(device, kMaxExternalForcesPerFrame * sizeof(gpu::ExternalForce), kStorage,
                      MemoryKind::device_local, "external forces"),
      health(device, sizeof(gpu::Health), kStorage, MemoryKind::device_local, "health"),
      grid(make_filled(device, std::vector<gpu::GridParams>{model.grid_params}, "grid parameters")),
      scratch(device, model.grid_path ? model.positions.size() * 16 : 0, kStorage,
              MemoryKind::device_local, "scratch positions"),
      lambdas_scratch(device, model.grid_path ? model.lambda_count() * 4 : 0, kStorage,
                      MemoryKind::device_local, "scratch lambdas"),
      health_readback(device, sizeof(gpu::Health), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                      MemoryKind::readback, "health readback") {
  // Forces and lambdas start at zero so that a single pass run on its own reads defined values.
  device.submit_and_wait([&](VkCommandBuffer cmd) {
    vkCmdFillBuffer(cmd, forces.handle(), 0, VK_WHOLE_SIZE, 0);
    vkCmdFillBuffer(cmd, lambdas.handle(), 0, VK_WHOLE_SIZE, 0);
    vkCmdFillBuffer(cmd, lambdas_scratch.handle(), 0, VK_WHOLE_SIZE, 0);
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                   VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
  });
}

std::vector<const Buffer*> GpuBuffers::bindings() const {
  return {&params,      &positions,   &previous, &velocities,     &forces,  &spring_offsets,
          &spring_refs, &constraints, &lambdas,  &anchors,        &spheres, &external_forces,
          &health,      &grid,        &scratch,  &lambdas_scratch};
}

}  // namespace weft
