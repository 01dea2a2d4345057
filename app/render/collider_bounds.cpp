#include "app/render/collider_bounds.h"

#include <glm/common.hpp>
#include <glm/gtc/quaternion.hpp>

namespace weft {

namespace {

void include(std::optional<Bounds>& all, const Bounds& b) {
  all = all ? merge(*all, b) : b;
}

// The box around a box of the collider's own frame (lo, hi) placed at a pose.
Bounds placed(const glm::vec3& lo, const glm::vec3& hi, const glm::vec3& position,
              const glm::quat& rotation) {
  Bounds b{glm::vec3(1e30f), glm::vec3(-1e30f)};
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 local((corner & 1) ? hi.x : lo.x, (corner & 2) ? hi.y : lo.y,
                          (corner & 4) ? hi.z : lo.z);
    const glm::vec3 p = position + rotation * local;
    b.lo = glm::min(b.lo, p);
    b.hi = glm::max(b.hi, p);
  }
  return b;
}

// A capsule's or box's extent in its own frame (capsule: along local y).
std::optional<Bounds> local_box(const Collider& c) {
  switch (c.shape) {
    case ColliderShape::plane: return std::nullopt;
    case ColliderShape::capsule: {
      const glm::vec3 half(c.radius, c.half_length + c.radius, c.radius);
      return Bounds{-half, half};
    }
    case ColliderShape::box: return Bounds{-c.half_extents, c.half_extents};
    case ColliderShape::mesh: {
      if (c.triangles.empty()) return std::nullopt;
      Bounds b{c.triangles.front(), c.triangles.front()};
      for (const glm::vec3& v : c.triangles) {
        b.lo = glm::min(b.lo, v);
        b.hi = glm::max(b.hi, v);
      }
      return b;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Bounds> collider_bounds(const Environment& environment) {
  std::optional<Bounds> all;
  for (const Sphere& s : environment.spheres) {
    include(all, {s.center - glm::vec3(s.radius), s.center + glm::vec3(s.radius)});
    for (const ColliderKeyframe& k : s.path.keyframes) {
      const glm::vec3 at = k.pose.position;
      include(all, {at - glm::vec3(s.radius), at + glm::vec3(s.radius)});
    }
  }
  for (const Collider& c : environment.colliders) {
    const std::optional<Bounds> local = local_box(c);
    if (!local) continue;
    include(all, placed(local->lo, local->hi, c.pose.position, c.pose.rotation));
    for (const ColliderKeyframe& k : c.path.keyframes)
      include(all, placed(local->lo, local->hi, k.pose.position, k.pose.rotation));
  }
  return all;
}

std::optional<Bounds> collider_bounds(const std::vector<glm::vec4>& spheres,
                                      const std::vector<gpu::ColliderShape>& shapes) {
  std::optional<Bounds> all;
  for (const glm::vec4& s : spheres)
    include(all, {glm::vec3(s) - glm::vec3(s.w), glm::vec3(s) + glm::vec3(s.w)});
  for (const gpu::ColliderShape& s : shapes) {
    glm::vec3 half(0.0f);
    switch (s.kind) {
      case WEFT_COLLIDER_PLANE: continue;
      case WEFT_COLLIDER_CAPSULE: half = {s.size.x, s.size.y + s.size.x, s.size.x}; break;
      case WEFT_COLLIDER_BOX: half = glm::vec3(s.size); break;
      default: break;
    }
    const glm::quat rotation(s.rotation_end.w, s.rotation_end.x, s.rotation_end.y,
                             s.rotation_end.z);
    const glm::vec3 position(s.position_end);
    if (s.kind == WEFT_COLLIDER_MESH) {
      include(all, placed(glm::vec3(s.bounds_min), glm::vec3(s.bounds_max), position, rotation));
    } else {
      include(all, placed(-half, half, position, rotation));
    }
  }
  return all;
}

}  // namespace weft
