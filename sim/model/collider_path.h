// Scripted motion of a collider: its pose (position and orientation) at keyframe times, in
// between linear or smooth (ease in and out, so it starts and stops without a jump in
// velocity), held before the first keyframe and after the last. The colliders module evaluates
// it at the start and end of every frame; within a frame the pose moves linearly with the
// substeps (sim/modules/colliders.h).
#pragma once

#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "sim/model/enum_keys.h"

namespace weft {

struct ColliderPose {
  glm::vec3 position{0.0f};                    // m
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // local to world
};

struct ColliderKeyframe {
  double time = 0.0;  // s of simulated time
  ColliderPose pose;
};

enum class PathInterpolation : uint32_t { linear, smooth };

inline constexpr EnumKeys<PathInterpolation, 2> kPathInterpolationKeys{{
    {PathInterpolation::linear, "linear", "linear"},
    {PathInterpolation::smooth, "smooth", "smooth"},
}};

struct ColliderPath {
  std::vector<ColliderKeyframe> keyframes;  // times strictly increasing; empty: never moves
  PathInterpolation interpolation = PathInterpolation::linear;
};

// The pose at time t (s); `rest` when the path has no keyframes.
ColliderPose pose_at(const ColliderPath& path, const ColliderPose& rest, double t);

// The rotation of Euler angles in degrees about x, then y, then z (as a mesh's `rotate`).
glm::quat rotation_from_degrees(const glm::vec3& degrees);

// The rotation that takes local +y to `normal` (unit): a plane's pose from its normal.
glm::quat rotation_to(const glm::vec3& normal);

}  // namespace weft
