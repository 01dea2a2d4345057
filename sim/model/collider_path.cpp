#include "sim/model/collider_path.h"

#include <algorithm>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>

namespace weft {

ColliderPose pose_at(const ColliderPath& path, const ColliderPose& rest, double t) {
  const std::vector<ColliderKeyframe>& keys = path.keyframes;
  if (keys.empty()) return rest;
  if (t <= keys.front().time) return keys.front().pose;
  if (t >= keys.back().time) return keys.back().pose;
  const auto next =
      std::upper_bound(keys.begin(), keys.end(), t,
                       [](double time, const ColliderKeyframe& k) { return time < k.time; });
  const ColliderKeyframe& b = *next;
  const ColliderKeyframe& a = *(next - 1);
  double s = (t - a.time) / (b.time - a.time);
  if (path.interpolation == PathInterpolation::smooth) s = s * s * (3.0 - 2.0 * s);
  ColliderPose pose;
  pose.position = glm::vec3(glm::mix(glm::dvec3(a.pose.position), glm::dvec3(b.pose.position), s));
  pose.rotation = glm::slerp(a.pose.rotation, b.pose.rotation, float(s));
  return pose;
}

glm::quat rotation_from_degrees(const glm::vec3& degrees) {
  const glm::vec3 r = glm::radians(degrees);
  const glm::quat x = glm::angleAxis(r.x, glm::vec3(1, 0, 0));
  const glm::quat y = glm::angleAxis(r.y, glm::vec3(0, 1, 0));
  const glm::quat z = glm::angleAxis(r.z, glm::vec3(0, 0, 1));
  return z * y * x;  // x first
}

glm::quat rotation_to(const glm::vec3& normal) {
  const glm::vec3 up(0.0f, 1.0f, 0.0f);
  const float c = glm::dot(up, normal);
  if (c < -0.999999f) return glm::angleAxis(glm::pi<float>(), glm::vec3(1.0f, 0.0f, 0.0f));
  const glm::vec3 axis = glm::cross(up, normal);
  return glm::normalize(glm::quat(1.0f + c, axis.x, axis.y, axis.z));
}

}  // namespace weft
