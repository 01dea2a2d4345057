// Where the colliders are, for the camera's framing (framing.h): the box around each sphere,
// capsule, box and mesh at its rest pose and at every keyframe of its path, or at the pose the
// solver holds now. Planes have no extent and are left out.
#pragma once

#include <optional>
#include <vector>

#include <glm/vec4.hpp>

#include "app/render/render_mesh.h"
#include "sim/model/gpu_types.h"
#include "sim/model/model.h"
#include "shaders/colliders_layout.h"

namespace weft {

// Every collider of the environment at its rest pose and at its keyframes; nothing when it has
// none but planes.
std::optional<Bounds> collider_bounds(const Environment& environment);

// The colliders as a solver holds them: spheres (xyz centre, w radius) and the other shapes at
// the pose of the end of the frame it ran last.
std::optional<Bounds> collider_bounds(const std::vector<glm::vec4>& spheres,
                                      const std::vector<gpu::ColliderShape>& shapes);

}  // namespace weft
