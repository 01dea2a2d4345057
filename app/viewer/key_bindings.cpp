#include "app/viewer/key_bindings.h"

#include <array>

#include "engine/vulkan.h"
#include <GLFW/glfw3.h>

namespace weft {

namespace {

constexpr std::array kBindings{
    KeyBinding{GLFW_KEY_SPACE, Action::pause, "Space", "pause / resume"},
    KeyBinding{GLFW_KEY_N, Action::step, "N", "one frame (while paused)"},
    KeyBinding{GLFW_KEY_R, Action::reset, "R", "reset the simulation"},
    KeyBinding{GLFW_KEY_EQUAL, Action::substeps_up, "+", "more substeps per frame"},
    KeyBinding{GLFW_KEY_KP_ADD, Action::substeps_up, "+", "more substeps per frame"},
    KeyBinding{GLFW_KEY_MINUS, Action::substeps_down, "-", "fewer substeps per frame"},
    KeyBinding{GLFW_KEY_KP_SUBTRACT, Action::substeps_down, "-", "fewer substeps per frame"},
    KeyBinding{GLFW_KEY_S, Action::toggle_springs, "S", "springs view (colour = strain)"},
    KeyBinding{GLFW_KEY_W, Action::toggle_widen, "W", "springs view: widen by strain"},
    KeyBinding{GLFW_KEY_P, Action::screenshot, "P", "screenshot (PNG)"},
    KeyBinding{GLFW_KEY_M, Action::record, "M", "record a video / stop (MP4, needs ffmpeg)"},
    // Not F12: that is RenderDoc's own capture key when qrenderdoc launched the viewer.
    KeyBinding{GLFW_KEY_K, Action::capture, "K", "capture the next frame in RenderDoc"},
    KeyBinding{GLFW_KEY_C, Action::reset_camera, "C", "reset the camera"},
    KeyBinding{GLFW_KEY_H, Action::toggle_help, "H / F1", "this help"},
    KeyBinding{GLFW_KEY_F1, Action::toggle_help, "F1", "this help"},
    KeyBinding{GLFW_KEY_TAB, Action::toggle_panel, "Tab", "show / hide the panel"},
    KeyBinding{GLFW_KEY_V, Action::toggle_vsync, "V", "vsync on / off"},
    KeyBinding{GLFW_KEY_X, Action::toggle_knife, "X", "knife on / off: a left drag cuts the cloth"},
    KeyBinding{GLFW_KEY_RIGHT_BRACKET, Action::next_preset, "] / [", "next / previous preset"},
    KeyBinding{GLFW_KEY_LEFT_BRACKET, Action::previous_preset, "] / [", "next / previous preset"},
    KeyBinding{GLFW_KEY_S, Action::save_scene, "Ctrl+S", "save the scene as a scene file", true},
    KeyBinding{GLFW_KEY_ESCAPE, Action::quit, "Esc / Q", "quit"},
    KeyBinding{GLFW_KEY_Q, Action::quit, "Q", "quit"},
};

constexpr std::array kHeldKeys{
    HeldKeyHelp{"Arrows", "move the pinned corners (x, z)"},
    HeldKeyHelp{"Home / End", "move the pinned corners up / down"},
};

constexpr std::array kMouse{
    HeldKeyHelp{"Left drag on cloth", "grab a particle and pull it"},
    HeldKeyHelp{"Left drag elsewhere", "orbit"},
    HeldKeyHelp{"Right drag", "orbit"},
    HeldKeyHelp{"Middle / Shift+drag", "pan"},
    HeldKeyHelp{"Ctrl+click", "pin a particle, or free it"},
    HeldKeyHelp{"Ctrl+drag", "pin every particle in a box"},
    HeldKeyHelp{"Alt+drag", "knife: cut the cloth along the stroke (a cloth that tears)"},
    HeldKeyHelp{"Wheel", "zoom"},
};

struct Name {
  Action action;
  const char* name;
};
constexpr std::array kNames{
    Name{Action::pause, "pause"},
    Name{Action::step, "step"},
    Name{Action::reset, "reset"},
    Name{Action::substeps_up, "substeps+"},
    Name{Action::substeps_down, "substeps-"},
    Name{Action::toggle_springs, "springs"},
    Name{Action::toggle_widen, "widen"},
    Name{Action::screenshot, "screenshot"},
    Name{Action::record, "record"},
    Name{Action::capture, "capture"},
    Name{Action::reset_camera, "camera-reset"},
    Name{Action::toggle_help, "help"},
    Name{Action::toggle_panel, "panel"},
    Name{Action::toggle_vsync, "vsync"},
    Name{Action::toggle_knife, "knife"},
    Name{Action::next_preset, "preset+"},
    Name{Action::previous_preset, "preset-"},
    Name{Action::save_scene, "save"},
    Name{Action::quit, "quit"},
};

}  // namespace

std::span<const KeyBinding> key_bindings() {
  return kBindings;
}

std::optional<Action> action_for_key(int key, bool ctrl) {
  std::optional<Action> plain;
  for (const KeyBinding& b : kBindings) {
    if (b.key != key) continue;
    if (b.ctrl == ctrl) return b.action;
    if (!b.ctrl && !plain) plain = b.action;
  }
  return plain;
}

const char* action_name(Action action) {
  for (const Name& n : kNames) {
    if (n.action == action) return n.name;
  }
  return "?";
}

std::optional<Action> action_named(std::string_view name) {
  for (const Name& n : kNames) {
    if (name == n.name) return n.action;
  }
  return std::nullopt;
}

std::span<const HeldKeyHelp> held_key_help() {
  return kHeldKeys;
}

std::span<const HeldKeyHelp> mouse_help() {
  return kMouse;
}

}  // namespace weft
