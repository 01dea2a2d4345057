#include "app/render/camera.h"

#include <algorithm>
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
  Pose pose;
  pose.target = 0.5f * (lo + hi);
  pose.yaw = glm::radians(30.0f);
  pose.pitch = glm::radians(25.0f);
  set(pose);
  // The camera's axes at this pose, and how far off the view axis a point at depth d may lie.
  const glm::mat4 v = view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  const glm::vec3 forward(-v[0][2], -v[1][2], -v[2][2]);
  const float tan_y = std::tan(0.5f * fov_y_) / kFrameMargin;
  const float tan_x = tan_y * std::max(aspect, 0.1f);
  // Each corner at (x, y) off the axis and z beyond the target needs the target at least
  // |x| / tan_x - z (and |y| / tan_y - z) away from the eye.
  float distance = 0.0f;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 p((corner & 1) ? hi.x : lo.x, (corner & 2) ? hi.y : lo.y,
                      (corner & 4) ? hi.z : lo.z);
    const glm::vec3 d = p - pose.target;
    const float z = glm::dot(d, forward);
    distance = std::max({distance, std::abs(glm::dot(d, right)) / tan_x - z,
                         std::abs(glm::dot(d, up)) / tan_y - z});
  }
  // Never inside the box, nor closer than a small scene needs.
  const float radius = 0.5f * glm::length(hi - lo);
  pose.distance = std::max({distance, 1.05f * radius, kMinFrameDistance});
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
