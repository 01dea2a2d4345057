#include "app/viewer/mouse_controller.h"

#include <glm/geometric.hpp>

namespace weft {

namespace {

glm::vec3 forward_of(const OrbitCamera& camera) {
  return glm::normalize(camera.target() - camera.eye());
}

}  // namespace

void MouseController::press(Button button, bool shift, glm::vec2 at) {
  if (mode_ != Mode::idle) return;  // one gesture at a time
  held_ = button;
  cursor_ = at;
  if (button == Button::middle || shift) {
    mode_ = Mode::panning;
  } else if (button == Button::right) {
    mode_ = Mode::orbiting;
  } else {
    mode_ = Mode::picking;
    motion_while_picking_ = glm::vec2(0.0f);
    ++pick_id_;
    pick_requested_ = true;
  }
}

void MouseController::release(Button button) {
  if (mode_ == Mode::idle || button != held_) return;
  if (mode_ == Mode::grabbing) grab_ended_ = true;
  mode_ = Mode::idle;
  pick_requested_ = false;
}

void MouseController::move(glm::vec2 at, glm::vec2 viewport) {
  const glm::vec2 delta = at - cursor_;
  cursor_ = at;
  switch (mode_) {
    case Mode::picking: motion_while_picking_ += delta; break;
    case Mode::orbiting: camera_.orbit(delta.x, delta.y); break;
    case Mode::panning: camera_.pan(delta.x, delta.y, viewport.y); break;
    default: break;
  }
}

std::optional<std::pair<uint64_t, glm::vec2>> MouseController::take_pick_request() {
  if (!pick_requested_) return std::nullopt;
  pick_requested_ = false;
  return std::make_pair(pick_id_, cursor_ - motion_while_picking_);  // where the press was
}

void MouseController::on_pick_answer(const PickAnswer& answer, bool draggable) {
  if (mode_ != Mode::picking || answer.request != pick_id_) return;
  if (answer.particle && draggable) {
    mode_ = Mode::grabbing;
    system_ = answer.system;
    particle_ = *answer.particle;
    grab_depth_ = glm::dot(answer.position - camera_.eye(), forward_of(camera_));
  } else {
    mode_ = Mode::orbiting;
    camera_.orbit(motion_while_picking_.x, motion_while_picking_.y);
  }
}

std::optional<MouseController::Grab> MouseController::grab(glm::vec2 viewport) const {
  if (mode_ != Mode::grabbing) return std::nullopt;
  const Ray ray = camera_.ray_through(cursor_, viewport);
  const float along = glm::dot(ray.direction, forward_of(camera_));
  if (along <= 1e-4f) return std::nullopt;  // cannot happen with a perspective camera
  return Grab{system_, particle_, ray.origin + ray.direction * (grab_depth_ / along)};
}

bool MouseController::take_grab_ended() {
  const bool ended = grab_ended_;
  grab_ended_ = false;
  return ended;
}

}  // namespace weft
