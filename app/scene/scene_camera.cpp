#include "app/scene/scene_camera.h"

#include <glm/geometric.hpp>

#include "app/scene/table_reader.h"

namespace weft {

std::optional<std::string> camera_problem(const SceneCamera& camera) {
  if (!(glm::distance(camera.eye, camera.target) > 1e-4f)) {
    return "the eye is on the target: the camera would look nowhere";
  }
  return std::nullopt;
}

std::optional<SceneCamera> read_scene_camera(const TableReader& root) {
  const std::optional<TableReader> table = root.table("camera", {"eye", "target", "fov"});
  if (!table) return std::nullopt;
  SceneCamera camera;
  camera.eye = table->required_vec3("eye", NumberRange::any("m"));
  camera.target = table->required_vec3("target", NumberRange::any("m"));
  camera.fov_degrees = static_cast<float>(table->number_or(
      "fov", camera.fov_degrees, NumberRange::between(kMinFovDegrees, kMaxFovDegrees, "degrees")));
  if (std::optional<std::string> problem = camera_problem(camera)) table->fail("target", *problem);
  return camera;
}

}  // namespace weft
