// Pins edited by hand (app/viewer/hand_pins.h): the particles a box on the screen holds, and the
// mass a particle gets back when it is freed.
#include <gtest/gtest.h>

#include "app/viewer/hand_pins.h"

namespace weft::test {
namespace {

TEST(HandPins, AFreedParticleGetsItsSceneMassOrItsNearestFreeNeighbours) {
  const std::vector<float> scene = {0.0f, 0.0f, 4.0f, 2.0f, 0.0f};
  EXPECT_EQ(freed_inverse_mass(scene, 3), 2.0f);  // free in the scene: its own
  EXPECT_EQ(freed_inverse_mass(scene, 1), 4.0f);  // pinned: the nearest free one by index
  EXPECT_EQ(freed_inverse_mass(scene, 4), 2.0f);
  EXPECT_EQ(freed_inverse_mass(scene, 0), 4.0f);
  EXPECT_EQ(freed_inverse_mass({0.0f, 0.0f}, 1), 1.0f);  // nothing free: 1 kg
}

TEST(HandPins, ABoxHoldsWhatLandsInsideItInFrontOfTheCamera) {
  OrbitCamera camera;
  camera.frame({-1.0f, -1.0f, -1.0f}, {1.0f, 1.0f, 1.0f}, 800.0f / 600.0f);
  const glm::vec2 viewport(800.0f, 600.0f);
  const glm::vec3 centre(0.0f), aside(0.9f, 0.0f, 0.0f);
  const glm::vec3 behind = camera.eye() + (camera.eye() - camera.target());  // behind the eye
  const std::vector<glm::vec4> positions = {glm::vec4(centre, 1.0f), glm::vec4(aside, 1.0f),
                                            glm::vec4(behind, 1.0f)};
  const glm::vec2 at = glm::vec2(camera.project(centre, viewport));
  // Corners in either order; the point aside and the one behind the camera stay out.
  EXPECT_EQ(particles_in_box(positions, camera, viewport, at + 5.0f, at - 5.0f),
            std::vector<uint32_t>{0});
  EXPECT_EQ(particles_in_box(positions, camera, viewport, {0, 0}, viewport),
            (std::vector<uint32_t>{0, 1}));
  EXPECT_TRUE(particles_in_box(positions, camera, viewport, {0, 0}, {2, 2}).empty());
}

}  // namespace
}  // namespace weft::test
