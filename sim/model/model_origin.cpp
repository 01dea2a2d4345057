#include "sim/model/model_origin.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace weft {
namespace {

glm::vec3 moved(const glm::vec3& position, const glm::dvec3& shift) {
  return glm::vec3(glm::dvec3(position) + shift);
}

void move_path(ColliderPath& path, const glm::dvec3& shift) {
  for (ColliderKeyframe& key : path.keyframes)
    key.pose.position = moved(key.pose.position, shift);
}

}  // namespace

void move_origin(Model& model, const glm::dvec3& origin) {
  const glm::dvec3 shift = model.origin - origin;
  for (glm::vec3& x : model.positions)
    x = moved(x, shift);
  Environment& environment = model.environment;
  for (Sphere& sphere : environment.spheres) {
    sphere.center = moved(sphere.center, shift);
    move_path(sphere.path, shift);
  }
  for (Collider& collider : environment.colliders) {
    collider.pose.position = moved(collider.pose.position, shift);
    move_path(collider.path, shift);
  }
  environment.ground.height = static_cast<float>(double{environment.ground.height} + shift.y);
  model.origin = origin;
}

glm::dvec3 centre_of_particles(std::span<const Model* const> models) {
  glm::dvec3 lo(std::numeric_limits<double>::infinity());
  glm::dvec3 hi = -lo;
  for (const Model* model : models) {
    for (const glm::vec3& x : model->positions) {
      const glm::dvec3 world = model->origin + glm::dvec3(x);
      lo = glm::min(lo, world);
      hi = glm::max(hi, world);
    }
  }
  if (!(lo.x <= hi.x)) throw std::invalid_argument("centre_of_particles: no particles");
  const glm::dvec3 middle = 0.5 * (lo + hi);
  return {std::round(middle.x), std::round(middle.y), std::round(middle.z)};
}

glm::vec3 world_position(const Model& model, const glm::vec3& position) {
  return glm::vec3(model.origin + glm::dvec3(position));
}

std::vector<glm::vec3> world_positions(const Model& model, std::span<const glm::vec3> positions) {
  std::vector<glm::vec3> world;
  world.reserve(positions.size());
  for (const glm::vec3& x : positions)
    world.push_back(world_position(model, x));
  return world;
}

glm::vec3 model_position(const Model& model, const glm::dvec3& world) {
  return glm::vec3(world - model.origin);
}

}  // namespace weft
