#include "app/render/framing.h"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include <glm/vec4.hpp>

#include "engine/buffer.h"
#include "engine/device.h"
#include "app/render/collider_bounds.h"
#include "app/render/solver_view.h"

namespace weft {

Bounds expected_bounds(std::span<const DrawnSystem> systems) {
  if (systems.empty()) throw std::invalid_argument("expected_bounds: no system");
  Bounds all = scene_bounds(*systems.front().model);
  for (const DrawnSystem& system : systems)
    all = merge(all, scene_bounds(*system.model));
  return all;
}

Bounds current_bounds(const Device& device, std::span<const DrawnSystem> systems) {
  std::optional<Bounds> all;
  const auto include = [&](const glm::vec3& lo, const glm::vec3& hi) {
    all = all ? merge(*all, Bounds{lo, hi}) : Bounds{lo, hi};
  };
  std::vector<glm::vec4> positions;
  for (const DrawnSystem& system : systems) {
    const uint32_t count = system.model->particle_count();
    positions.resize(count);
    download_from_buffer(device, positions_of(*system.solver), positions.data(),
                         positions.size() * sizeof(glm::vec4));
    for (const glm::vec4& p : positions) {
      if (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)) {
        include(glm::vec3(p), glm::vec3(p));
      }
    }
    const std::optional<Bounds> colliders =
        collider_bounds(spheres_now(*system.solver), collider_shapes_now(*system.solver));
    if (colliders) include(colliders->lo, colliders->hi);
  }
  return all ? *all : expected_bounds(systems);
}

Bounds expected_and_current_bounds(const Device& device, std::span<const DrawnSystem> systems) {
  return merge(expected_bounds(systems), current_bounds(device, systems));
}

OrbitCamera framing_camera(const Bounds& bounds, VkExtent2D picture) {
  OrbitCamera camera;
  const float aspect =
      static_cast<float>(picture.width) / static_cast<float>(std::max(picture.height, 1u));
  camera.frame(bounds.lo, bounds.hi, aspect);
  return camera;
}

OrbitCamera default_camera(const Model& model, VkExtent2D picture) {
  return framing_camera(scene_bounds(model), picture);
}

}  // namespace weft
