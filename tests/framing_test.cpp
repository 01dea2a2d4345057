// The camera's framing (OrbitCamera::frame, app/render/framing.h): a box or points of any shape
// fit the picture of any aspect ratio with a margin, and fill it rather than floating in its
// middle; a chosen camera looks from where it was told.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "app/render/camera.h"
#include "app/render/framing.h"

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

// Framing points (a screenshot's particles): the picture is centred on what it shows, not on
// their box, and what it shows spans most of the picture.
TEST(Framing, PointsAreCentredAndFillThePicture) {
  const glm::vec2 picture(1280, 720);
  const std::vector<std::vector<glm::vec3>> clouds = {
      // a rope lying on the ground, bent into an L: its box's far corner is empty
      {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {3, 0, 1}, {3, 0, 2}},
      // a cloth hanging from a high pin, and a sphere far to one side
      {{0, 2, 0}, {0.5f, 1, 0.2f}, {-0.5f, 1, -0.2f}, {4, 0.3f, 1}, {4.3f, 0, 1}},
      // a point
      {{1, 1, 1}},
  };
  for (const std::vector<glm::vec3>& points : clouds) {
    OrbitCamera camera;
    camera.frame_points(points, picture.x / picture.y);
    glm::vec2 min(1e9f), max(-1e9f);
    for (const glm::vec3& p : points) {
      const glm::vec3 at = camera.project(p, picture);
      ASSERT_GT(at.z, 0.0f);
      min = glm::min(min, glm::vec2(at));
      max = glm::max(max, glm::vec2(at));
    }
    const glm::vec2 margin = 0.03f * picture;
    EXPECT_GE(min.x, margin.x);
    EXPECT_GE(min.y, margin.y);
    EXPECT_LE(max.x, picture.x - margin.x);
    EXPECT_LE(max.y, picture.y - margin.y);
    const glm::vec2 middle = 0.5f * (min + max) / picture;
    EXPECT_NEAR(middle.x, 0.5f, 0.01f);
    EXPECT_NEAR(middle.y, 0.5f, 0.01f);
    if (points.size() > 1) {
      const glm::vec2 share = (max - min) / picture;
      EXPECT_GT(std::max(share.x, share.y), 0.8f);
    }
  }
}

// A chosen camera (a scene's [camera], --camera, the viewer's saved one) looks from where it was
// told, at what it was told, and saves back the same.
TEST(Framing, AChosenCameraLooksFromItsEyeAtItsTarget) {
  const SceneCamera chosen{{1.5f, 2.0f, -3.0f}, {0.2f, 0.5f, 0.1f}, 35.0f};
  const OrbitCamera camera = chosen_camera(chosen);
  EXPECT_LT(glm::distance(camera.eye(), chosen.eye), 1e-4f);
  EXPECT_LT(glm::distance(camera.target(), chosen.target), 1e-6f);
  const SceneCamera saved = scene_camera_of(camera);
  EXPECT_LT(glm::distance(saved.eye, chosen.eye), 1e-4f);
  EXPECT_NEAR(saved.fov_degrees, 35.0f, 1e-4f);
  // The target projects to the middle of the picture.
  const glm::vec3 middle = camera.project(chosen.target, {640.0f, 400.0f});
  EXPECT_NEAR(middle.x, 320.0f, 0.01f);
  EXPECT_NEAR(middle.y, 200.0f, 0.01f);
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
