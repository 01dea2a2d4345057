// The orbit camera of the viewer and of headless screenshots: it circles a target point at a
// distance, from a yaw and a pitch. Mouse motion in pixels maps to orbit, pan and zoom; the
// matrices follow Vulkan's clip space (y down, depth 0..1), and rays for picking are built from
// the same matrix the draws use, so a pick hits what is drawn under the cursor.
#pragma once

#include <span>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace weft {

struct Ray {
  glm::vec3 origin{0.0f};
  glm::vec3 direction{0.0f, 0.0f, -1.0f};  // unit
};

class OrbitCamera {
 public:
  // Points at the middle of the box (min, max corners) from the front, above (higher the flatter
  // the box) and a little to the side, as close as it can while all of the box is in view in a
  // picture of this aspect ratio (width / height), with a margin; reset() comes back here.
  void frame(const glm::vec3& lo, const glm::vec3& hi, float aspect);
  // The same for these points (not empty): from the same direction, the picture centred on
  // them and as close as it can be while every one is in view with the margin.
  void frame_points(std::span<const glm::vec3> points, float aspect);
  // Looks from `eye` at `target` (not the same point) with this vertical field of view
  // (radians), or as nearly as the orbit allows (it never looks straight up or down);
  // reset() comes back here.
  void look_at(const glm::vec3& eye, const glm::vec3& target, float fov_y);
  void reset();

  // Mouse drags, in pixels: orbit turns around the target, pan moves the target so the point
  // under the cursor follows it; zoom moves closer (steps > 0) or away, 10% a step.
  void orbit(float dx, float dy);
  void pan(float dx, float dy, float viewport_height);
  void zoom(float steps);

  // Moves the picture's centre right by this share of its width, half of it each way from the
  // middle (the viewer centres the scene beside its panel). Picking and projecting follow.
  void set_lens_shift(float share) { lens_shift_ = share; }

  glm::vec3 eye() const;
  glm::vec3 target() const { return target_; }
  float distance() const { return distance_; }
  float vertical_fov() const { return fov_y_; }  // radians
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;
  glm::mat4 view_projection(glm::vec2 viewport) const;
  // The ray from the eye through a pixel (x right, y down, from the top-left corner).
  Ray ray_through(glm::vec2 pixel, glm::vec2 viewport) const;
  // Where a world point lands, in pixels (x right, y down); z is depth in [0, 1] when visible.
  glm::vec3 project(const glm::vec3& point, glm::vec2 viewport) const;

 private:
  struct Pose {
    glm::vec3 target{0.0f};
    float yaw = 0.0f;       // radians; 0 looks from +z towards -z
    float pitch = 0.0f;     // radians; > 0 looks down from above
    float distance = 5.0f;  // m
  };
  void set(const Pose& pose);

  Pose home_;
  glm::vec3 target_{0.0f};
  float yaw_ = 0.0f;
  float pitch_ = 0.0f;
  float distance_ = 5.0f;
  float fov_y_ = 0.7854f;  // 45 degrees
  float lens_shift_ = 0.0f;
};

}  // namespace weft
