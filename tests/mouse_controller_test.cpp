// The viewer's mouse (app/viewer/mouse_controller.h) without a window: a left press asks for a
// pick; the GPU's answer turns it into a grab that follows the cursor at the particle's depth,
// or, when nothing was hit, into an orbit that replays the motion made while waiting. With Ctrl,
// a click pins or frees the particle it hits and a drag draws a box to pin. With Alt, a drag draws
// a knife stroke.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "app/viewer/mouse_controller.h"

namespace weft::test {
namespace {

constexpr glm::vec2 kViewport(800.0f, 600.0f);

OrbitCamera test_camera() {
  OrbitCamera camera;
  camera.frame({-1.0f, 0.0f, -1.0f}, {1.0f, 1.0f, 1.0f}, kViewport.x / kViewport.y);
  return camera;
}

TEST(MouseController, APressOnAParticleGrabsItAndTheCursorPullsIt) {
  OrbitCamera camera = test_camera();
  MouseController mouse(camera);
  const glm::vec3 particle_position(0.2f, 0.5f, 0.1f);
  const glm::vec2 at = glm::vec2(camera.project(particle_position, kViewport));
  mouse.move(at, kViewport);
  mouse.press(MouseController::Button::left, {}, at);
  const auto request = mouse.take_pick_request();
  ASSERT_TRUE(request.has_value());
  EXPECT_FALSE(mouse.take_pick_request().has_value());  // asked once
  EXPECT_EQ(request->second, at);

  mouse.on_pick_answer({request->first, 7u, particle_position}, true);
  auto grab = mouse.grab(kViewport);
  ASSERT_TRUE(grab.has_value());
  EXPECT_EQ(grab->particle, 7u);
  // Where the press was, the target is the particle itself.
  EXPECT_LT(glm::distance(grab->target, particle_position), 1e-4f);
  // Moving the cursor up moves the target up, at the same depth from the camera.
  mouse.move(at - glm::vec2(0.0f, 100.0f), kViewport);
  grab = mouse.grab(kViewport);
  ASSERT_TRUE(grab.has_value());
  EXPECT_GT(grab->target.y, particle_position.y + 0.1f);
  const glm::vec3 forward = glm::normalize(camera.target() - camera.eye());
  EXPECT_NEAR(glm::dot(grab->target - camera.eye(), forward),
              glm::dot(particle_position - camera.eye(), forward), 1e-4f);

  mouse.release(MouseController::Button::left);
  EXPECT_TRUE(mouse.take_grab_ended());
  EXPECT_FALSE(mouse.grab(kViewport).has_value());
}

TEST(MouseController, APressOnNothingOrbitsWithTheMotionMadeWhileWaiting) {
  OrbitCamera camera = test_camera();
  const glm::vec3 eye_before = camera.eye();
  MouseController mouse(camera);
  mouse.press(MouseController::Button::left, {}, {400.0f, 300.0f});
  const auto request = mouse.take_pick_request();
  ASSERT_TRUE(request.has_value());
  mouse.move({450.0f, 300.0f}, kViewport);  // the answer is not back yet
  EXPECT_EQ(camera.eye(), eye_before);
  mouse.on_pick_answer({request->first, std::nullopt, {}}, false);
  EXPECT_GT(glm::distance(camera.eye(), eye_before), 0.1f);
  EXPECT_FALSE(mouse.grab(kViewport).has_value());
}

TEST(MouseController, AnAnswerToAnAbandonedPressIsIgnored) {
  OrbitCamera camera = test_camera();
  MouseController mouse(camera);
  mouse.press(MouseController::Button::left, {}, {400.0f, 300.0f});
  const auto request = mouse.take_pick_request();
  mouse.release(MouseController::Button::left);  // a click, released before the answer
  mouse.on_pick_answer({request->first, 3u, {}}, true);
  EXPECT_FALSE(mouse.grab(kViewport).has_value());
  EXPECT_FALSE(mouse.take_grab_ended());
}

TEST(MouseController, RightDragOrbitsShiftDragPansWheelZooms) {
  OrbitCamera camera = test_camera();
  MouseController mouse(camera);
  const glm::vec3 target = camera.target();
  const float distance = camera.distance();
  mouse.press(MouseController::Button::right, {}, {400.0f, 300.0f});
  EXPECT_FALSE(mouse.take_pick_request().has_value());
  mouse.move({420.0f, 310.0f}, kViewport);
  mouse.release(MouseController::Button::right);
  EXPECT_EQ(camera.target(), target);  // orbit turns around the target

  mouse.press(MouseController::Button::left, {.shift = true}, {400.0f, 300.0f});
  mouse.move({430.0f, 300.0f}, kViewport);
  mouse.release(MouseController::Button::left);
  EXPECT_GT(glm::distance(camera.target(), target), 0.01f);  // pan moves it

  mouse.scroll(2.0f);
  EXPECT_NEAR(camera.distance(), distance * 0.81f, 1e-3f);
  camera.reset();
  EXPECT_EQ(camera.target(), target);
}

TEST(MouseController, ACtrlClickTogglesThePinOfTheParticleItHitsEvenWhenAnsweredLate) {
  OrbitCamera camera = test_camera();
  const glm::vec3 eye_before = camera.eye();
  MouseController mouse(camera);
  // Answered after the release, as a quick click is.
  mouse.press(MouseController::Button::left, {.ctrl = true}, {400.0f, 300.0f});
  auto request = mouse.take_pick_request();
  ASSERT_TRUE(request.has_value());
  mouse.release(MouseController::Button::left);
  EXPECT_FALSE(mouse.take_pin_toggle().has_value());
  mouse.on_pick_answer({request->first, 5u, {}}, true);
  const auto toggle = mouse.take_pin_toggle();
  ASSERT_TRUE(toggle.has_value());
  EXPECT_EQ(toggle->particle, 5u);
  EXPECT_FALSE(mouse.take_pin_toggle().has_value());  // once
  // Answered while held: the release toggles. Neither grabs nor orbits.
  mouse.press(MouseController::Button::left, {.ctrl = true}, {410.0f, 300.0f});
  request = mouse.take_pick_request();
  ASSERT_TRUE(request.has_value());
  mouse.on_pick_answer({request->first, 9u, {}}, true);
  EXPECT_FALSE(mouse.grab(kViewport).has_value());
  mouse.release(MouseController::Button::left);
  EXPECT_EQ(mouse.take_pin_toggle()->particle, 9u);
  EXPECT_EQ(camera.eye(), eye_before);
  // A click on nothing, or on an anchor, toggles nothing.
  mouse.press(MouseController::Button::left, {.ctrl = true}, {400.0f, 300.0f});
  request = mouse.take_pick_request();
  ASSERT_TRUE(request.has_value());
  mouse.release(MouseController::Button::left);
  mouse.on_pick_answer({request->first, std::nullopt, {}}, false);
  EXPECT_FALSE(mouse.take_pin_toggle().has_value());
  EXPECT_FALSE(mouse.busy());
}

TEST(MouseController, ACtrlDragDrawsABoxToPinAndNeitherGrabsNorOrbits) {
  OrbitCamera camera = test_camera();
  const glm::vec3 eye_before = camera.eye();
  MouseController mouse(camera);
  mouse.press(MouseController::Button::left, {.ctrl = true}, {100.0f, 100.0f});
  const auto request = mouse.take_pick_request();
  ASSERT_TRUE(request.has_value());
  mouse.on_pick_answer({request->first, 2u, {}}, true);  // the press began on a particle
  mouse.move({102.0f, 101.0f}, kViewport);
  EXPECT_FALSE(mouse.box_in_progress().has_value()) << "a tremor is still a click";
  mouse.move({300.0f, 250.0f}, kViewport);
  ASSERT_TRUE(mouse.box_in_progress().has_value());
  EXPECT_EQ(mouse.box_in_progress()->to, glm::vec2(300.0f, 250.0f));
  mouse.release(MouseController::Button::left);
  const auto box = mouse.take_pin_box();
  ASSERT_TRUE(box.has_value());
  EXPECT_EQ(box->from, glm::vec2(100.0f, 100.0f));
  EXPECT_EQ(box->to, glm::vec2(300.0f, 250.0f));
  EXPECT_FALSE(mouse.take_pin_toggle().has_value());
  EXPECT_FALSE(mouse.grab(kViewport).has_value());
  EXPECT_EQ(camera.eye(), eye_before);
}

TEST(MouseController, AnAltDragDrawsAKnifeStrokeAndNeitherPicksNorOrbits) {
  OrbitCamera camera = test_camera();
  const glm::vec3 eye_before = camera.eye();
  MouseController mouse(camera);
  mouse.press(MouseController::Button::left, {.alt = true}, {100.0f, 100.0f});
  EXPECT_FALSE(mouse.take_pick_request().has_value());
  EXPECT_TRUE(mouse.busy());
  mouse.move({101.0f, 100.0f}, kViewport);  // closer than a stroke point: not kept
  mouse.move({150.0f, 120.0f}, kViewport);
  mouse.move({200.0f, 180.0f}, kViewport);
  EXPECT_EQ(mouse.stroke_in_progress(),
            (std::vector<glm::vec2>{{100.0f, 100.0f}, {150.0f, 120.0f}, {200.0f, 180.0f}}));
  EXPECT_FALSE(mouse.take_knife_stroke().has_value()) << "cut on release, not before";
  mouse.move({201.0f, 181.0f}, kViewport);
  mouse.release(MouseController::Button::left);
  EXPECT_TRUE(mouse.stroke_in_progress().empty());
  const auto stroke = mouse.take_knife_stroke();
  ASSERT_TRUE(stroke.has_value());
  // Where the drag ended is the stroke's last point, however near the one before.
  EXPECT_EQ(*stroke, (std::vector<glm::vec2>{
                         {100.0f, 100.0f}, {150.0f, 120.0f}, {200.0f, 180.0f}, {201.0f, 181.0f}}));
  EXPECT_FALSE(mouse.take_knife_stroke().has_value());  // given once
  EXPECT_FALSE(mouse.grab(kViewport).has_value());
  EXPECT_FALSE(mouse.take_pin_box().has_value());
  EXPECT_EQ(camera.eye(), eye_before);

  // A click with the knife is no stroke.
  mouse.press(MouseController::Button::left, {.alt = true}, {300.0f, 300.0f});
  mouse.release(MouseController::Button::left);
  EXPECT_FALSE(mouse.take_knife_stroke().has_value());
  EXPECT_FALSE(mouse.busy());
}

}  // namespace
}  // namespace weft::test
