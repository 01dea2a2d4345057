#include "app/viewer/mouse_controller.h"

#include <glm/geometric.hpp>

namespace weft {

namespace {

glm::vec3 forward_of(const OrbitCamera& camera) {
  return glm::normalize(camera.target() - camera.eye());
}

}  // namespace

void MouseController::press(Button button, Modifiers modifiers, glm::vec2 at) {
  if (mode_ != Mode::idle && mode_ != Mode::pin_waiting) return;  // one gesture at a time
  held_ = button;
  cursor_ = at;
  pressed_at_ = at;
  if (button == Button::middle || modifiers.shift) {
    mode_ = Mode::panning;
  } else if (button == Button::right) {
    mode_ = Mode::orbiting;
  } else if (modifiers.alt) {
    mode_ = Mode::cutting;  // nothing to pick: the stroke is cut where it crosses the cloth
    stroke_.assign(1, at);
  } else {
    mode_ = modifiers.ctrl ? Mode::pinning : Mode::picking;
    motion_while_picking_ = glm::vec2(0.0f);
    answered_.reset();
    ++pick_id_;
    pick_requested_ = true;
  }
}

void MouseController::release(Button button) {
  if (mode_ == Mode::idle || mode_ == Mode::pin_waiting || button != held_) return;
  if (mode_ == Mode::grabbing) grab_ended_ = true;
  if (mode_ == Mode::cutting) {
    if (stroke_.back() != cursor_) stroke_.push_back(cursor_);  // where the drag ended
    if (stroke_.size() >= 2) knife_stroke_ = std::move(stroke_);
    stroke_.clear();
  }
  if (mode_ == Mode::pinning) {
    if (moved_far()) {
      pin_box_ = PinBox{pressed_at_, cursor_};
    } else if (answered_) {
      pin_toggle_ = answered_;
    } else {
      mode_ = Mode::pin_waiting;  // a click: its pick answers a frame or two later
      return;
    }
  }
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
    case Mode::cutting:
      if (glm::length(at - stroke_.back()) >= kStrokePointPixels) stroke_.push_back(at);
      break;
    default: break;
  }
}

std::optional<std::pair<uint64_t, glm::vec2>> MouseController::take_pick_request() {
  if (!pick_requested_) return std::nullopt;
  pick_requested_ = false;
  return std::make_pair(pick_id_, cursor_ - motion_while_picking_);  // where the press was
}

void MouseController::on_pick_answer(const PickAnswer& answer, bool draggable) {
  if (answer.request != pick_id_) return;
  if (mode_ == Mode::pinning || mode_ == Mode::pin_waiting) {
    // Any particle can be pinned or freed by hand, except an anchor's (the viewer says why).
    if (answer.particle && draggable) answered_ = PinToggle{answer.system, *answer.particle};
    if (mode_ == Mode::pin_waiting) {
      pin_toggle_ = answered_;
      mode_ = Mode::idle;
    }
    return;
  }
  if (mode_ != Mode::picking) return;
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

std::optional<MouseController::PinToggle> MouseController::take_pin_toggle() {
  std::optional<PinToggle> toggle = pin_toggle_;
  pin_toggle_.reset();
  return toggle;
}

std::optional<MouseController::PinBox> MouseController::take_pin_box() {
  std::optional<PinBox> box = pin_box_;
  pin_box_.reset();
  return box;
}

std::optional<std::vector<glm::vec2>> MouseController::take_knife_stroke() {
  std::optional<std::vector<glm::vec2>> stroke = std::move(knife_stroke_);
  knife_stroke_.reset();
  return stroke;
}

const std::vector<glm::vec2>& MouseController::stroke_in_progress() const {
  static const std::vector<glm::vec2> kNone;
  return mode_ == Mode::cutting ? stroke_ : kNone;
}

std::optional<MouseController::PinBox> MouseController::box_in_progress() const {
  if (mode_ != Mode::pinning || !moved_far()) return std::nullopt;
  return PinBox{pressed_at_, cursor_};
}

}  // namespace weft
