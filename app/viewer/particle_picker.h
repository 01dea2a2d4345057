// GPU picking: which particle is under the mouse ray (pick.comp). A request is recorded into the
// next frame and its answer read back when that frame's slot comes round again, a frame or two
// later, so picking never makes the CPU wait for the GPU.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "app/render/camera.h"
#include "engine/buffer.h"
#include "engine/compute_pipeline.h"
#include "engine/storage_bindings.h"

namespace weft {

class Device;
class GpuSolver;

struct PickAnswer {
  uint64_t request = 0;              // the id given to request()
  std::optional<uint32_t> particle;  // nothing under the cursor: empty
  glm::vec3 position{0.0f};          // the particle's position when picked (m)
  size_t system = 0;                 // which of the scene's systems (set by the viewer)
};

class ParticlePicker {
 public:
  ParticlePicker(Device& device, const GpuSolver& solver, uint32_t slots);

  // Asks for the particle nearest the ray among those within tan_tolerance of it (front-most
  // first). A later request before the next frame replaces this one.
  void request(uint64_t id, const Ray& ray, float tan_tolerance);
  // Records the waiting request, if any, into the frame of this slot: after the solver's passes,
  // before anything moves the particles again.
  void record(VkCommandBuffer cmd, uint32_t slot);
  // The answer recorded in this slot, once its frame has finished (its fence has been waited
  // for); each answer is given once.
  std::optional<PickAnswer> collect(uint32_t slot);

 private:
  struct Pending {
    uint64_t id = 0;
    Ray ray;
    float tan_tolerance = 0.0f;
  };

  Device& device_;
  uint32_t particle_count_;
  StorageBindings bindings_;
  ComputePipeline pipeline_;
  Buffer result_;
  std::vector<Buffer> readbacks_;                   // one per frame slot
  std::vector<std::optional<uint64_t>> in_flight_;  // request recorded in each slot
  std::optional<Pending> pending_;
};

}  // namespace weft
