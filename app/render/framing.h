// What the camera frames: where a scene's systems are expected to be (their start, and the room
// a pinned cloth or rope swings through or a ground catches them in), where they are now, and a
// camera that fits such a box into a picture of a given size, or one a scene or the user chose.
// `weft run --screenshot` frames where the systems are at the end, `--video` where they went over
// the run (picture_camera.h); the viewer frames the expected bounds at the start and both on a
// camera reset.
#pragma once

#include <span>
#include <vector>

#include "app/render/camera.h"
#include "app/render/render_mesh.h"
#include "app/render/scene_renderer.h"
#include "app/scene/scene_camera.h"

namespace weft {

class Device;

// The box around every system's scene_bounds.
Bounds expected_bounds(std::span<const DrawnSystem> systems);
// The diagonal (m) of the box around every system's particles as they start and its colliders:
// how large the scene's markers, particles and lines are drawn (render_mesh.h: render_style).
float drawn_scene_diagonal(std::span<const DrawnSystem> systems);
// The box around every system's particles as they are now (read back from the GPU: this waits
// for it) and its colliders where the solver holds them now; particles that are not finite are
// left out. The expected bounds
// when nothing is finite.
Bounds current_bounds(const Device& device, std::span<const DrawnSystem> systems);
// The points current_bounds boxes: every finite particle, around each pinned one the reach of
// its marker, and the corners of the box around the colliders.
std::vector<glm::vec3> current_points(const Device& device, std::span<const DrawnSystem> systems);
// Both.
Bounds expected_and_current_bounds(const Device& device, std::span<const DrawnSystem> systems);

// A camera that shows all of the box in a picture of this size.
OrbitCamera framing_camera(const Bounds& bounds, VkExtent2D picture);
// One that shows all of these points, centred on them (a box around nothing when empty).
OrbitCamera framing_camera(std::span<const glm::vec3> points, VkExtent2D picture);
// A camera where `chosen` puts it (a scene's [camera], `weft run --camera`, the viewer's saved).
OrbitCamera chosen_camera(const SceneCamera& chosen);
// What the viewer saves of its camera.
SceneCamera scene_camera_of(const OrbitCamera& camera);
// The camera a model is first seen from: its scene_bounds framed.
OrbitCamera default_camera(const Model& model, VkExtent2D picture);

}  // namespace weft
