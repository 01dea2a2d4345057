// The viewer's keys: one table that the key handler, the scripted input and the help overlay all
// read, so the help can never disagree with what a key does.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace weft {

enum class Action {
  pause,           // pause or resume the simulation
  step,            // one frame while paused
  reset,           // back to the start of the scene
  substeps_up,     // more substeps per frame (stiffer, slower)
  substeps_down,   // fewer substeps per frame
  toggle_springs,  // the springs view: links coloured by strain
  toggle_widen,    // springs view: strained links drawn wider
  screenshot,      // the window as a PNG file
  record,          // start or stop recording the window into an MP4 video
  capture,         // the next frame, compute and graphics, into a RenderDoc capture
  reset_camera,
  toggle_help,
  toggle_panel,  // the parameter panel
  toggle_vsync,
  toggle_knife,  // a left drag cuts the cloth (as Alt + left drag does)
  next_preset,   // the preset switcher, from the keyboard
  previous_preset,
  save_scene,  // the scene as a scene file (scene_to_save.h)
  quit,
};

struct KeyBinding {
  int key;  // GLFW_KEY_*
  Action action;
  const char* key_name;  // as the help shows it
  const char* description;
  bool ctrl = false;  // with Ctrl held (Ctrl+S saves; S alone is the springs view)
};

// Every key, in the order the help lists them.
std::span<const KeyBinding> key_bindings();
// The action of a key with Ctrl held or not: a binding with Ctrl when there is one, else the
// key's own (Ctrl+P takes a screenshot as P does).
std::optional<Action> action_for_key(int key, bool ctrl = false);

// The name a script uses for an action ("pause", "springs", ...), and back.
const char* action_name(Action action);
std::optional<Action> action_named(std::string_view name);

// Keys held down rather than pressed: they move the pinned anchors (NeHe's rope connection).
struct HeldKeyHelp {
  const char* keys;
  const char* description;
};
std::span<const HeldKeyHelp> held_key_help();
// Mouse gestures, for the help.
std::span<const HeldKeyHelp> mouse_help();

}  // namespace weft
