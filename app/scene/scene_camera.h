// Where a picture of the scene is taken from: a scene file's [camera] table, `weft run --camera`,
// or the viewer's camera saved with the scene. Without one, pictures frame the scene's bounds.
#pragma once

#include <optional>
#include <string>

#include <glm/vec3.hpp>

namespace weft {

class TableReader;

struct SceneCamera {
  glm::vec3 eye{0.0f, 1.0f, 4.0f};  // m: where the camera is
  glm::vec3 target{0.0f};           // m: the point at the middle of the picture
  float fov_degrees = 45.0f;        // the vertical field of view, kMinFovDegrees..kMaxFovDegrees
};

// The field of view a camera may have, in degrees (inclusive).
inline constexpr float kMinFovDegrees = 5.0f;
inline constexpr float kMaxFovDegrees = 120.0f;

// Why a camera cannot be used (its eye on its target), or nothing when it can.
std::optional<std::string> camera_problem(const SceneCamera& camera);

// The [camera] table (eye, target, fov): read, checked, or nothing when the file has none.
std::optional<SceneCamera> read_scene_camera(const TableReader& root);

}  // namespace weft
