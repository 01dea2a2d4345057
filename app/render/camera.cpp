#include "app/render/camera.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/matrix.hpp>

namespace weft {

namespace {

constexpr float kRadiansPerPixel = 0.006f;  // a 500-pixel drag turns ~170 degrees
constexpr float kMaxPitch = 1.55f;          // just short of straight up or down
constexpr float kZoomStep = 0.9f;
// A framed box's outermost corner comes to 1 / kFrameMargin (89%) of the way from the picture's
// centre to its edge: a margin that keeps pins and particles whole.
constexpr float kFrameMargin = 1.12f;
constexpr float kMinFrameDistance = 0.5f;  // m

}  // namespace

void OrbitCamera::frame(const glm::vec3& lo, const glm::vec3& hi, float aspect) {
  std::array<glm::vec3, 8> corners;
  for (int corner = 0; corner < 8; ++corner) {
    corners[corner] = glm::vec3((corner & 1) ? hi.x : lo.x, (corner & 2) ? hi.y : lo.y,
                                (corner & 4) ? hi.z : lo.z);
  }
  frame_points(corners, aspect);
}

void OrbitCamera::frame_points(std::span<const glm::vec3> points, float aspect) {
  glm::vec3 lo(points.front()), hi(points.front());
  for (const glm::vec3& p : points) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  Pose pose;
  pose.target = 0.5f * (lo + hi);
  pose.yaw = glm::radians(30.0f);
  // From 25 degrees above the horizon, and up to 50 for what lies flat (a cloth or a rope on the
  // ground), which would otherwise be a thin band across the picture.
  const float height = hi.y - lo.y, width = std::max(hi.x - lo.x, hi.z - lo.z);
  const float flatness = width > 0.0f ? 1.0f - std::clamp(2.0f * height / width, 0.0f, 1.0f) : 0.0f;
  pose.pitch = glm::radians(25.0f + 25.0f * flatness);
  set(pose);
  // The camera's axes at this pose, and how far off the view axis a point at depth d may lie.
  const glm::mat4 v = view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  const glm::vec3 forward(-v[0][2], -v[1][2], -v[2][2]);
  const float tan_y = std::tan(0.5f * fov_y_) / kFrameMargin;
  const float tan_x = tan_y * std::max(aspect, 0.1f);
  // A point x to the right of the target (after the target moves t to the right) and z beyond
  // it is in view from a distance D when |x - t| <= tan_x (D + z): D >= (x - t) / tan_x - z and
  // D >= (t - x) / tan_x - z. The least D over t is where the worst of each family meet; the
  // same holds upwards.
  float right_reach = -1e30f, left_reach = -1e30f, up_reach = -1e30f, down_reach = -1e30f;
  float nearest = -1e30f;  // how far in front of the target the nearest point is
  for (const glm::vec3& p : points) {
    const glm::vec3 d = p - pose.target;
    const float x = glm::dot(d, right), y = glm::dot(d, up), z = glm::dot(d, forward);
    right_reach = std::max(right_reach, x / tan_x - z);
    left_reach = std::max(left_reach, -x / tan_x - z);
    up_reach = std::max(up_reach, y / tan_y - z);
    down_reach = std::max(down_reach, -y / tan_y - z);
    nearest = std::max(nearest, -z);
  }
  const float distance =
      std::max(0.5f * (right_reach + left_reach), 0.5f * (up_reach + down_reach));
  // Never with a point behind the camera or at its near plane, nor closer than a small scene
  // needs.
  const float radius = 0.5f * glm::length(hi - lo);
  pose.distance = std::max({distance, nearest + 0.1f * radius, kMinFrameDistance});
  // At that distance, the shift along each axis that puts the points' outermost images as far
  // from the middle on one side as on the other (for the axis that set the distance, the one
  // above; the other has room to spare, and near and far points shrink differently).
  const auto centred_shift = [&](const glm::vec3& axis) {
    float low = -radius, high = radius;
    for (int step = 0; step < 40; ++step) {
      const float t = 0.5f * (low + high);
      float most = -1e30f, least = 1e30f;
      for (const glm::vec3& p : points) {
        const glm::vec3 d = p - pose.target;
        const float seen = (glm::dot(d, axis) - t) / (pose.distance + glm::dot(d, forward));
        most = std::max(most, seen);
        least = std::min(least, seen);
      }
      (most + least > 0.0f ? low : high) = t;
    }
    return 0.5f * (low + high);
  };
  const float shift_x = centred_shift(right), shift_y = centred_shift(up);
  pose.target += shift_x * right + shift_y * up;
  home_ = pose;
  set(pose);
}

void OrbitCamera::look_at(const glm::vec3& eye, const glm::vec3& target, float fov_y) {
  const glm::vec3 offset = eye - target;
  Pose pose;
  pose.target = target;
  pose.distance = std::max(glm::length(offset), 1e-3f);
  pose.pitch = std::clamp(std::asin(std::clamp(offset.y / pose.distance, -1.0f, 1.0f)), -kMaxPitch,
                          kMaxPitch);
  pose.yaw = std::atan2(offset.x, offset.z);
  fov_y_ = fov_y;
  home_ = pose;
  set(pose);
}

void OrbitCamera::reset() {
  set(home_);
}

void OrbitCamera::set(const Pose& pose) {
  target_ = pose.target;
  yaw_ = pose.yaw;
  pitch_ = pose.pitch;
  distance_ = pose.distance;
}

void OrbitCamera::orbit(float dx, float dy) {
  yaw_ -= dx * kRadiansPerPixel;
  pitch_ = std::clamp(pitch_ + dy * kRadiansPerPixel, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::pan(float dx, float dy, float viewport_height) {
  const glm::mat4 v = view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  const float metres_per_pixel =
      2.0f * distance_ * std::tan(0.5f * fov_y_) / std::max(viewport_height, 1.0f);
  target_ += (-dx * right + dy * up) * metres_per_pixel;
}

void OrbitCamera::zoom(float steps) {
  distance_ = std::clamp(distance_ * std::pow(kZoomStep, steps), 0.05f, 500.0f);
}

glm::vec3 OrbitCamera::eye() const {
  const glm::vec3 offset(std::cos(pitch_) * std::sin(yaw_), std::sin(pitch_),
                         std::cos(pitch_) * std::cos(yaw_));
  return target_ + distance_ * offset;
}

glm::mat4 OrbitCamera::view() const {
  return glm::lookAt(eye(), target_, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
  // GLM_FORCE_DEPTH_ZERO_TO_ONE gives Vulkan's depth range; Vulkan's y points down.
  glm::mat4 p = glm::perspective(fov_y_, aspect, 0.01f * distance_, 200.0f + 10.0f * distance_);
  p[1][1] = -p[1][1];
  // x_ndc += lens_shift_: clip x gains lens_shift_ times clip w (which is -z in view space).
  p[2][0] += lens_shift_ * p[2][3];
  return p;
}

glm::mat4 OrbitCamera::view_projection(glm::vec2 viewport) const {
  return projection(viewport.x / std::max(viewport.y, 1.0f)) * view();
}

Ray OrbitCamera::ray_through(glm::vec2 pixel, glm::vec2 viewport) const {
  const glm::mat4 inverse = glm::inverse(view_projection(viewport));
  const glm::vec2 ndc = 2.0f * pixel / viewport - 1.0f;
  const glm::vec4 near = inverse * glm::vec4(ndc, 0.0f, 1.0f);
  const glm::vec4 far = inverse * glm::vec4(ndc, 1.0f, 1.0f);
  Ray ray;
  ray.origin = eye();
  ray.direction = glm::normalize(glm::vec3(far) / far.w - glm::vec3(near) / near.w);
  return ray;
}

glm::vec3 OrbitCamera::project(const glm::vec3& point, glm::vec2 viewport) const {
  const glm::vec4 clip = view_projection(viewport) * glm::vec4(point, 1.0f);
  const glm::vec3 ndc = glm::vec3(clip) / clip.w;
  return {(0.5f * ndc.x + 0.5f) * viewport.x, (0.5f * ndc.y + 0.5f) * viewport.y, ndc.z};
}

}  // namespace weft
