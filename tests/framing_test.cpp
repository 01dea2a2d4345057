// The camera's framing (OrbitCamera::frame, app/render/framing.h): a box of any shape fits the
// picture of any aspect ratio with a margin, and fills it rather than floating in its middle.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "app/render/camera.h"

namespace weft::test {
namespace {

struct Case {
  glm::vec3 lo;
  glm::vec3 hi;
  glm::vec2 picture;
};

TEST(Framing, EveryCornerIsInViewAndTheBoxFillsThePicture) {
  const std::array cases{
      Case{{-1, 0, -1}, {1, 1, 1}, {1280, 720}},          // a cloth's room
      Case{{0, -4, 0}, {4, 2, 0}, {1280, 720}},           // a rope swinging in a plane
      Case{{-10, -340, 0}, {90, 11, 0}, {1280, 720}},     // a thrown mass, far below
      Case{{-5, 0, -0.1f}, {5, 0.2f, 0.1f}, {640, 800}},  // long and flat, in a tall window
      Case{{1, 1, 1}, {1, 1, 1}, {320, 200}},             // a single particle
  };
  for (const Case& c : cases) {
    OrbitCamera camera;
    camera.frame(c.lo, c.hi, c.picture.x / c.picture.y);
    glm::vec2 min(1e9f), max(-1e9f);
    for (int corner = 0; corner < 8; ++corner) {
      const glm::vec3 p((corner & 1) ? c.hi.x : c.lo.x, (corner & 2) ? c.hi.y : c.lo.y,
                        (corner & 4) ? c.hi.z : c.lo.z);
      const glm::vec3 at = camera.project(p, c.picture);
      ASSERT_GT(at.z, 0.0f);  // in front of the camera
      min = glm::min(min, glm::vec2(at));
      max = glm::max(max, glm::vec2(at));
    }
    const glm::vec2 margin = 0.03f * c.picture;
    EXPECT_GE(min.x, margin.x) << c.hi.x;
    EXPECT_GE(min.y, margin.y) << c.hi.x;
    EXPECT_LE(max.x, c.picture.x - margin.x) << c.hi.x;
    EXPECT_LE(max.y, c.picture.y - margin.y) << c.hi.x;
    if (c.lo != c.hi) {
      // Tight: the box spans most of the width or the height (the near corners of a deep box
      // reach the margin before the far ones do).
      const glm::vec2 share = (max - min) / c.picture;
      EXPECT_GT(std::max(share.x, share.y), 0.65f) << c.hi.x;
    }
  }
}

TEST(Framing, ResetComesBackToTheFramedView) {
  OrbitCamera camera;
  camera.frame({-1, 0, -1}, {1, 1, 1}, 1.6f);
  const glm::vec3 eye = camera.eye();
  camera.orbit(120.0f, -40.0f);
  camera.zoom(3.0f);
  camera.reset();
  EXPECT_LT(glm::distance(camera.eye(), eye), 1e-5f);
}

}  // namespace
}  // namespace weft::test
