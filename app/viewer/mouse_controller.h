// What the mouse does in the viewer. Left drag on the cloth grabs the particle under the cursor
// and pulls it (the GLUT lab's drag); left drag elsewhere and right drag orbit; middle or
// shift-drag pans; the wheel zooms. With Ctrl held, a left click pins the particle under the
// cursor or frees it, and a left drag draws a box whose particles are pinned on release. With Alt
// held (or the knife switched on), a left drag draws a knife stroke, cut on release. Whether a
// left press hit the cloth is only known when the GPU pick answers, a frame or two later: until
// then the motion is kept, and replayed as an orbit if nothing was hit.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "app/render/camera.h"
#include "app/viewer/particle_picker.h"

namespace weft {

class MouseController {
 public:
  explicit MouseController(OrbitCamera& camera) : camera_(camera) {}

  enum class Button { left, right, middle };
  struct Modifiers {
    bool shift = false;
    bool ctrl = false;
    bool alt = false;  // or the knife switched on: a left drag cuts
  };
  // Pixels in the framebuffer, y down; viewport: the framebuffer's size.
  void press(Button button, Modifiers modifiers, glm::vec2 at);
  void release(Button button);
  void move(glm::vec2 at, glm::vec2 viewport);
  void scroll(float steps) { camera_.zoom(steps); }

  // A left press waiting to know what is under it: the pixel to pick at, once, with its id.
  std::optional<std::pair<uint64_t, glm::vec2>> take_pick_request();
  // The GPU's answer to a pick: a draggable particle starts a grab; anything else (no particle,
  // an answer to an abandoned press) turns a held press into an orbit or is ignored.
  void on_pick_answer(const PickAnswer& answer, bool draggable);

  // The grabbed particle and where the cursor puts it now: on the plane through the particle
  // facing the camera, so it follows the cursor at its own depth.
  struct Grab {
    size_t system;
    uint32_t particle;
    glm::vec3 target;
  };
  std::optional<Grab> grab(glm::vec2 viewport) const;
  // True once after a grab ended: the viewer then lets the particle go.
  bool take_grab_ended();
  // Pins edited by hand, once each: a Ctrl-click's particle (pin it, or free it if pinned), or
  // a Ctrl-drag's box in framebuffer pixels (pin what is inside).
  struct PinToggle {
    size_t system;
    uint32_t particle;
  };
  struct PinBox {
    glm::vec2 from;
    glm::vec2 to;
  };
  std::optional<PinToggle> take_pin_toggle();
  std::optional<PinBox> take_pin_box();
  // The box a Ctrl-drag is drawing now, for the overlay.
  std::optional<PinBox> box_in_progress() const;
  // A Ctrl-press that moves this far (pixels) draws a box rather than clicking.
  static constexpr float kBoxPixels = 4.0f;
  // A knife stroke (Alt + left drag), once, on release: the points the cursor went through, in
  // framebuffer pixels, at least two (a click with the knife is no stroke).
  std::optional<std::vector<glm::vec2>> take_knife_stroke();
  // The stroke being drawn now, for the overlay (empty when none).
  const std::vector<glm::vec2>& stroke_in_progress() const;
  // The stroke keeps a point each time the cursor has moved this far (pixels) from the last.
  static constexpr float kStrokePointPixels = 3.0f;

  bool busy() const { return mode_ != Mode::idle; }
  // Forgets the gesture in progress (the scene it was about has been rebuilt).
  void cancel() {
    mode_ = Mode::idle;
    pick_requested_ = false;
    grab_ended_ = false;
    pin_toggle_.reset();
    pin_box_.reset();
    stroke_.clear();
    knife_stroke_.reset();
  }

 private:
  // pinning: Ctrl held down, the pick asked; pin_waiting: released without moving, the pick
  // not answered yet; cutting: a knife stroke being drawn.
  enum class Mode { idle, picking, grabbing, orbiting, panning, pinning, pin_waiting, cutting };

  bool moved_far() const { return glm::length(cursor_ - pressed_at_) > kBoxPixels; }

  OrbitCamera& camera_;
  Mode mode_ = Mode::idle;
  Button held_ = Button::left;
  glm::vec2 cursor_{0.0f};
  glm::vec2 motion_while_picking_{0.0f};
  uint64_t pick_id_ = 0;
  bool pick_requested_ = false;
  size_t system_ = 0;
  uint32_t particle_ = 0;
  float grab_depth_ = 0.0f;  // along the camera's forward axis, m
  bool grab_ended_ = false;
  glm::vec2 pressed_at_{0.0f};
  std::optional<PinToggle> answered_;  // what a Ctrl-press's pick found, if it came before release
  std::optional<PinToggle> pin_toggle_;
  std::optional<PinBox> pin_box_;
  std::vector<glm::vec2> stroke_;  // while cutting
  std::optional<std::vector<glm::vec2>> knife_stroke_;
};

}  // namespace weft
