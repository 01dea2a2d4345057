// The frame a scene is simulated and drawn in. The reader moves every system's model to one
// origin near the scene's particles (sim/model/model_origin.h), so that a scene far from the
// world's origin simulates as it would at it. What the scene file states in the world (its
// camera, its drape test's support) stays in world coordinates; these convert.
#pragma once

#include <glm/ext/vector_double3.hpp>

#include "app/scene/scene_camera.h"
#include "app/scene/scene_systems.h"

namespace weft {

// Moves every system's model to the middle of the scene's particles (centre_of_particles).
void centre_scene(Scene& scene);

// The world position of the frame the scene's systems are simulated and drawn in: every
// system's model.origin (one for all). Zero for a scene with no systems.
glm::dvec3 scene_origin(const Scene& scene);

// The scene with every model's positions in world coordinates (origin zero): what a scene file
// says.
Scene scene_in_world(const Scene& scene);

// A camera given in the world, in the scene's frame; and back.
SceneCamera camera_in_frame(const SceneCamera& camera, const glm::dvec3& origin);
SceneCamera camera_in_world(const SceneCamera& camera, const glm::dvec3& origin);

}  // namespace weft
