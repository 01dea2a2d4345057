#include "app/render/framing.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include <glm/common.hpp>
#include <glm/trigonometric.hpp>
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

float drawn_scene_diagonal(std::span<const DrawnSystem> systems) {
  std::optional<Bounds> all;
  const auto include = [&](const Bounds& b) { all = all ? merge(*all, b) : b; };
  for (const DrawnSystem& system : systems) {
    for (const glm::vec3& p : system.model->positions)
      include({p, p});
    if (std::optional<Bounds> colliders = collider_bounds(system.model->environment)) {
      include(*colliders);
    }
  }
  return all ? diagonal(*all) : 0.0f;
}

std::vector<glm::vec3> current_points(const Device& device, std::span<const DrawnSystem> systems) {
  std::vector<glm::vec3> points;
  std::vector<glm::vec4> positions;
  for (const DrawnSystem& system : systems) {
    const uint32_t count = system.model->particle_count();
    positions.resize(count);
    download_from_buffer(device, positions_of(*system.solver), positions.data(),
                         positions.size() * sizeof(glm::vec4));
    const float marker = render_style(*system.model, drawn_scene_diagonal(systems)).marker_radius;
    for (const glm::vec4& p : positions) {
      if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) continue;
      points.emplace_back(p);
      if (p.w != 0.0f) continue;
      for (int axis = 0; axis < 3; ++axis) {  // a pin's marker around it
        glm::vec3 offset(0.0f);
        offset[axis] = marker;
        points.push_back(glm::vec3(p) + offset);
        points.push_back(glm::vec3(p) - offset);
      }
    }
    const std::optional<Bounds> colliders =
        collider_bounds(spheres_now(*system.solver), collider_shapes_now(*system.solver));
    if (!colliders) continue;
    for (int corner = 0; corner < 8; ++corner) {
      points.emplace_back((corner & 1) ? colliders->hi.x : colliders->lo.x,
                          (corner & 2) ? colliders->hi.y : colliders->lo.y,
                          (corner & 4) ? colliders->hi.z : colliders->lo.z);
    }
  }
  return points;
}

Bounds current_bounds(const Device& device, std::span<const DrawnSystem> systems) {
  const std::vector<glm::vec3> points = current_points(device, systems);
  if (points.empty()) return expected_bounds(systems);
  Bounds all{points.front(), points.front()};
  for (const glm::vec3& p : points) {
    all.lo = glm::min(all.lo, p);
    all.hi = glm::max(all.hi, p);
  }
  return all;
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

OrbitCamera framing_camera(std::span<const glm::vec3> points, VkExtent2D picture) {
  OrbitCamera camera;
  const float aspect =
      static_cast<float>(picture.width) / static_cast<float>(std::max(picture.height, 1u));
  if (points.empty()) {
    camera.frame(glm::vec3(-1.0f), glm::vec3(1.0f), aspect);
  } else {
    camera.frame_points(points, aspect);
  }
  return camera;
}

OrbitCamera chosen_camera(const SceneCamera& chosen) {
  OrbitCamera camera;
  camera.look_at(chosen.eye, chosen.target, glm::radians(chosen.fov_degrees));
  return camera;
}

SceneCamera scene_camera_of(const OrbitCamera& camera) {
  SceneCamera saved;
  saved.eye = camera.eye();
  saved.target = camera.target();
  saved.fov_degrees = glm::degrees(camera.vertical_fov());
  return saved;
}

OrbitCamera default_camera(const Model& model, VkExtent2D picture) {
  return framing_camera(scene_bounds(model), picture);
}

}  // namespace weft
