// The viewer's input: keys and mouse from the window (or from an input script, through the same
// handlers), turned into actions, camera moves, picks and drags.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/export/output_file.h"
#include "app/render/framing.h"
#include "app/scene/safe_text.h"
#include "app/scene/scene_origin.h"
#include "app/viewer/hand_pins.h"
#include "app/viewer/imgui_layer.h"
#include "app/viewer/knife_stroke.h"
#include "app/viewer/viewer_presets.h"
#include "app/viewer/scene_to_save.h"
#include "app/viewer/viewer.h"
#include "sim/model/model_error.h"

namespace weft {

namespace {

// A pick takes the particles within this many pixels of the cursor.
constexpr float kPickRadiusPixels = 12.0f;

bool is_anchor_key(int key) {
  return key == GLFW_KEY_UP || key == GLFW_KEY_DOWN || key == GLFW_KEY_LEFT ||
         key == GLFW_KEY_RIGHT || key == GLFW_KEY_HOME || key == GLFW_KEY_END;
}

std::optional<MouseController::Button> button_of(int button) {
  switch (button) {
    case GLFW_MOUSE_BUTTON_LEFT: return MouseController::Button::left;
    case GLFW_MOUSE_BUTTON_RIGHT: return MouseController::Button::right;
    case GLFW_MOUSE_BUTTON_MIDDLE: return MouseController::Button::middle;
    default: return std::nullopt;
  }
}

}  // namespace

void Viewer::on_key(int key, int action, int mods) {
  if (is_anchor_key(key)) {
    // Held keys are tracked here rather than polled, so scripted input can hold them too.
    if (action == GLFW_PRESS) held_keys_.insert(key);
    if (action == GLFW_RELEASE) held_keys_.erase(key);
    return;
  }
  if (action == GLFW_RELEASE || (ui_ && ui_->wants_keyboard())) return;
  const std::optional<Action> bound = action_for_key(key, (mods & GLFW_MOD_CONTROL) != 0);
  // Repeats (a key held down) only step the substeps; a toggle must not flicker.
  if (!bound ||
      (action == GLFW_REPEAT && *bound != Action::substeps_up && *bound != Action::substeps_down)) {
    return;
  }
  do_action(*bound);
}

void Viewer::on_mouse_button(int button, int action, int mods) {
  const std::optional<MouseController::Button> which = button_of(button);
  if (!which) return;
  if (action == GLFW_PRESS) {
    if (ui_ && ui_->wants_mouse()) return;  // a click on the panel
    mouse_.press(*which,
                 {(mods & GLFW_MOD_SHIFT) != 0, (mods & GLFW_MOD_CONTROL) != 0,
                  (mods & GLFW_MOD_ALT) != 0 || settings_.knife},
                 cursor_);
  } else if (action == GLFW_RELEASE) {
    mouse_.release(*which);
  }
}

void Viewer::on_cursor(double x, double y) {
  cursor_ = glm::vec2(static_cast<float>(x), static_cast<float>(y));
  mouse_.move(cursor_, viewport());
}

void Viewer::on_scroll(double dy) {
  if (ui_ && ui_->wants_mouse()) return;
  mouse_.scroll(static_cast<float>(dy));
}

void Viewer::do_action(Action action) {
  Model& model = scene_->edited().model;
  switch (action) {
    case Action::pause: settings_.paused = !settings_.paused; break;
    case Action::step:
      settings_.paused = true;
      settings_.step_once = true;
      break;
    case Action::reset: reset_requested_ = true; break;
    case Action::substeps_up:
    case Action::substeps_down: {
      const uint32_t n = model.solver.substeps;
      model.solver.substeps =
          action == Action::substeps_up ? std::min(n + 1, 256u) : std::max(n, 2u) - 1;
      scene_->apply_parameters();
      break;
    }
    case Action::toggle_springs: settings_.draw.springs_view = !settings_.draw.springs_view; break;
    case Action::toggle_widen:
      settings_.draw.widen_by_strain = !settings_.draw.widen_by_strain;
      break;
    case Action::screenshot: screenshots_->request(""); break;
    case Action::record:
      if (screenshots_->recording()) {
        screenshots_->stop_recording();
        message_ = "recording stopped";
      } else {
        try {
          // One picture per frame drawn, played back at the simulation's frame rate.
          const float dt = scene_->systems().empty()
                               ? 1.0f / 60.0f
                               : scene_->systems().front().model.solver.frame_dt;
          const std::string path = screenshots_->start_recording(
              "", swapchain_->extent(), dt > 0.0f ? 1.0 / double{dt} : 60.0);
          message_ = "recording " + path + " (M stops)";
          std::printf("recording: %s\n", escape_unsafe_characters(path).c_str());
        } catch (const ExportError& error) {
          message_ = error.what();
        }
      }
      break;
    case Action::capture:
      if (capture_->available()) {
        capture_->request_next();
      } else {
        message_ = "RenderDoc is not loaded: start with weft view --renderdoc, or from qrenderdoc";
      }
      break;
    case Action::reset_camera: reframe_requested_ = true; break;
    case Action::toggle_help: settings_.show_help = !settings_.show_help; break;
    case Action::toggle_panel: settings_.show_panel = !settings_.show_panel; break;
    case Action::toggle_vsync: settings_.vsync = !settings_.vsync; break;
    case Action::toggle_knife:
      settings_.knife = !settings_.knife;
      message_ = settings_.knife ? "knife on: a left drag cuts (X: off)"
                                 : "knife off: a left drag grabs again";
      break;
    case Action::next_preset:
    case Action::previous_preset: {
      const size_t count = presets().size();
      SceneChoice choice = scene_->choice();
      if (choice.file.empty()) {
        choice.preset = (choice.preset + (action == Action::next_preset ? 1 : count - 1)) % count;
      }
      choice.file.clear();  // from a scene file, the keys go to the built-in presets
      rebuild_requested_ = choice;
      break;
    }
    case Action::save_scene: {
      const SaveOutcome outcome = save_viewer_scene(
          *scene_, options_.save_to,
          camera_in_world(scene_camera_of(camera_), scene_origin(scene_->scene())));
      message_ = outcome.message;
      std::fprintf(
          outcome.saved ? stdout : stderr, "%s%s\n",
          outcome.saved ? "viewer: " : "weft view: ", escape_unsafe_characters(message_).c_str());
      for (const std::string& note : outcome.notes)
        std::printf("viewer: note: %s\n", note.c_str());
      break;
    }
    case Action::quit: window_->request_close(); break;
  }
}

void Viewer::apply_script() {
  const glm::vec2 size = viewport();
  while (script_next_ < script_.size() && script_[script_next_].frame <= frame_) {
    const ScriptEvent& e = script_[script_next_++];
    const glm::vec2 at(e.x * size.x, e.y * size.y);
    switch (e.kind) {
      case ScriptEvent::Kind::key:
        on_key(e.code, GLFW_PRESS, e.ctrl ? GLFW_MOD_CONTROL : 0);
        on_key(e.code, GLFW_RELEASE, e.ctrl ? GLFW_MOD_CONTROL : 0);
        break;
      case ScriptEvent::Kind::keydown: on_key(e.code, GLFW_PRESS, 0); break;
      case ScriptEvent::Kind::keyup: on_key(e.code, GLFW_RELEASE, 0); break;
      case ScriptEvent::Kind::press:
        window_->set_cursor_position(at.x, at.y);  // the UI polls the real pointer
        on_cursor(at.x, at.y);
        on_mouse_button(e.code, GLFW_PRESS,
                        (e.shift ? GLFW_MOD_SHIFT : 0) | (e.ctrl ? GLFW_MOD_CONTROL : 0) |
                            (e.alt ? GLFW_MOD_ALT : 0));
        break;
      case ScriptEvent::Kind::move:
        window_->set_cursor_position(at.x, at.y);
        on_cursor(at.x, at.y);
        break;
      case ScriptEvent::Kind::release: on_mouse_button(e.code, GLFW_RELEASE, 0); break;
      case ScriptEvent::Kind::scroll: on_scroll(e.x); break;
      case ScriptEvent::Kind::resize:
        window_->set_size(static_cast<int>(e.x), static_cast<int>(e.y));
        break;
      case ScriptEvent::Kind::screenshot: screenshots_->request(e.path); break;
      case ScriptEvent::Kind::set:
      case ScriptEvent::Kind::click: panel_edits_.add({e.label, e.values, e.text}); break;
      case ScriptEvent::Kind::quit: window_->request_close(); break;
    }
  }
}

void Viewer::update_anchors() {
  // NeHe lesson 40's keys: arrows move the rope's end in x and z, Home and End in y.
  const auto held = [&](int key) { return held_keys_.count(key) ? 1.0f : 0.0f; };
  const glm::vec3 direction(held(GLFW_KEY_RIGHT) - held(GLFW_KEY_LEFT),
                            held(GLFW_KEY_HOME) - held(GLFW_KEY_END),
                            held(GLFW_KEY_DOWN) - held(GLFW_KEY_UP));
  scene_->set_anchor_velocity(direction * settings_.anchor_speed);
}

void Viewer::update_mouse() {
  const glm::vec2 size = viewport();
  if (std::optional<std::pair<uint64_t, glm::vec2>> pick = mouse_.take_pick_request()) {
    // The cone of the pick: kPickRadiusPixels at any distance.
    const float tan_tolerance =
        kPickRadiusPixels * 2.0f * std::tan(0.5f * camera_.vertical_fov()) / std::max(size.y, 1.0f);
    const Ray ray = camera_.ray_through(pick->second, size);
    for (ViewerScene::System& system : scene_->systems())
      system.picker->request(pick->first, ray, tan_tolerance);
  }
  update_pins(size);
  update_knife(size);
  if (mouse_.take_grab_ended() && dragged_) {
    ViewerScene::System& system = scene_->systems().at(dragged_->first);
    system.simulation->end_drag();
    scene_->renderer().set_dragged(dragged_->first, std::nullopt);
    std::printf("viewer: let go of particle %u\n", dragged_->second);
    dragged_.reset();
  }
  if (std::optional<MouseController::Grab> grab = mouse_.grab(size)) {
    ViewerScene::System& system = scene_->systems().at(grab->system);
    try {
      system.simulation->drag(grab->particle, grab->target);
      scene_->renderer().set_dragged(grab->system, grab->particle);
      const std::pair<size_t, uint32_t> grabbed(grab->system, grab->particle);
      if (dragged_ != grabbed) {
        ++grabs_;
        std::printf("viewer: grabbed particle %u of %s, pulling it to (%.3f, %.3f, %.3f)\n",
                    grab->particle, system.name.c_str(), grab->target.x, grab->target.y,
                    grab->target.z);
      }
      dragged_ = grabbed;
    } catch (const ModelError& error) {
      message_ = error.what();
    }
  }
}

void Viewer::update_pins(glm::vec2 size) {
  if (std::optional<MouseController::PinToggle> toggle = mouse_.take_pin_toggle()) {
    ViewerScene::System& system = scene_->systems().at(toggle->system);
    const bool pin = system.model.inverse_masses.at(toggle->particle) != 0.0f;
    const size_t changed = scene_->set_pinned(toggle->system, {toggle->particle}, pin);
    (pin ? pinned_by_hand_ : freed_by_hand_) += static_cast<uint32_t>(changed);
    message_ = std::string(pin ? "pinned" : "freed") + " particle " +
               std::to_string(toggle->particle) + " of " + system.name;
    std::printf("viewer: %s\n", message_.c_str());
  }
  if (std::optional<MouseController::PinBox> box = mouse_.take_pin_box()) {
    size_t pinned = 0;
    for (size_t s = 0; s < scene_->systems().size(); ++s) {
      const ParticleState<float> state = scene_->systems()[s].simulation->state();
      pinned += scene_->set_pinned(
          s, particles_in_box(state.positions, camera_, size, box->from, box->to), true);
    }
    pinned_by_hand_ += static_cast<uint32_t>(pinned);
    message_ = "pinned " + std::to_string(pinned) + " particles in the box";
    std::printf("viewer: %s\n", message_.c_str());
  }
}

void Viewer::update_knife(glm::vec2 size) {
  const std::optional<std::vector<glm::vec2>> stroke = mouse_.take_knife_stroke();
  if (!stroke) return;
  const glm::mat4 view_projection = camera_.view_projection(size);
  bool tearable = false;
  size_t cut = 0;
  for (ViewerScene::System& system : scene_->systems()) {
    if (!any_tearable(system.model.grids)) continue;
    tearable = true;
    // Where the cloth is now, read back once per stroke: what the stroke was drawn over.
    const ParticleState<float> state = system.simulation->state();
    std::vector<float> crossings;
    const std::vector<LinkCut> cuts =
        links_crossed(system.model.grids, state.positions, state.link_state, view_projection, size,
                      *stroke, &crossings);
    if (cuts.empty()) continue;
    try {
      system.simulation->cut_links(cuts);
      scene_->renderer().set_link_parts(static_cast<size_t>(&system - scene_->systems().data()),
                                        cuts, crossings);
      cut += cuts.size();
    } catch (const ModelError& error) {
      message_ = error.what();
      return;
    }
  }
  if (!tearable) {
    message_ =
        "the knife cuts only cloth that can tear: give its material a break_strain (the Paper "
        "preset, or scenes/tearing_curtain.toml)";
  } else {
    cut_by_knife_ += cut;
    message_ = cut == 0 ? "the knife crossed no link of a cloth that can tear"
                        : "cut " + std::to_string(cut) + " links";
  }
  std::printf("viewer: %s\n", message_.c_str());
}

}  // namespace weft
