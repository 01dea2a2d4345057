#include "app/scene/scene_origin.h"

#include <stdexcept>
#include <vector>

#include "sim/model/model_origin.h"

namespace weft {

void centre_scene(Scene& scene) {
  std::vector<const Model*> models;
  for (const SceneSystem& system : scene.systems)
    models.push_back(&system.model);
  if (models.empty()) return;
  const glm::dvec3 origin = centre_of_particles(models);
  for (SceneSystem& system : scene.systems)
    move_origin(system.model, origin);
}

glm::dvec3 scene_origin(const Scene& scene) {
  if (scene.systems.empty()) return glm::dvec3(0.0);
  const glm::dvec3 origin = scene.systems.front().model.origin;
  for (const SceneSystem& system : scene.systems) {
    if (system.model.origin != origin) {
      throw std::invalid_argument("scene_origin: the scene's systems have different origins");
    }
  }
  return origin;
}

Scene scene_in_world(const Scene& scene) {
  Scene world = scene;
  for (SceneSystem& system : world.systems)
    move_origin(system.model, glm::dvec3(0.0));
  return world;
}

SceneCamera camera_in_frame(const SceneCamera& camera, const glm::dvec3& origin) {
  SceneCamera moved = camera;
  moved.eye = glm::vec3(glm::dvec3(camera.eye) - origin);
  moved.target = glm::vec3(glm::dvec3(camera.target) - origin);
  return moved;
}

SceneCamera camera_in_world(const SceneCamera& camera, const glm::dvec3& origin) {
  return camera_in_frame(camera, -origin);
}

}  // namespace weft
