// Scripted input: what the viewer's tests (and demos) do in place of a person. Each entry
// happens at a frame and goes through the same handlers as the real keyboard and mouse:
//
//   10 key pause              a bound action by name (key_bindings.h: pause, step, springs,
//                             save, ...), pressed with Ctrl when its key needs it
//   12 keydown left           hold a key that moves the anchors (up down left right home end)
//   40 keyup left
//   20 press left 0.5 0.45    a mouse button at a point of the window (fractions of its size,
//   25 move 0.5 0.30          x from the left, y from the top); "shift" after the point
//   30 release left           holds shift (pan), "ctrl" holds Ctrl (pin by hand), "alt"
//                             holds Alt (the knife: a left drag cuts the cloth)
//   35 scroll 2               wheel steps (> 0 zooms in)
//   50 resize 800 500         ask the window system for a new size (pixels)
//   60 screenshot out.png     the window as a PNG
//   70 set substeps 8         a value of the panel, by its label as the panel shows it (any case;
//   70 set "gravity (m/s^2)" 0 -3 0    quoted when it has spaces): a number, three for a vector,
//   70 set shadows off                 on/off for a switch, an item's text or number for a list
//   75 click rebuild          a button of the panel, by its label
//   90 quit
//
// A `set` or `click` acts as a person would: the panel shows for that frame (even when hidden),
// with the value's section open, and the value goes through the same code as one typed in. A
// label the panel does not have, or a value it refuses (out of the widget's range), stops the
// viewer with a message naming the entry.
//
// Entries are separated by newlines or ';'; '#' starts a comment.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace weft {

struct ScriptEvent {
  enum class Kind {
    key,
    keydown,
    keyup,
    press,
    move,
    release,
    scroll,
    resize,
    screenshot,
    set,
    click,
    quit
  };
  uint64_t frame = 0;
  Kind kind = Kind::quit;
  int code = 0;        // GLFW key or mouse button
  bool shift = false;  // press
  bool ctrl = false;   // press, and key for an action bound with Ctrl (save)
  bool alt = false;    // press: the knife
  float x = 0, y = 0;  // press, move: fractions of the window; resize: pixels; scroll: x steps
  std::string path;    // screenshot
  std::string label;   // set, click: the panel's label
  std::vector<std::string> values;  // set
  std::string text;                 // the entry as written, for messages
};

// Throws std::invalid_argument naming the entry and what is wrong with it.
std::vector<ScriptEvent> parse_input_script(const std::string& text);

// The most a script may hold: thousands of entries, far more than any session needs.
constexpr uint64_t kMaxInputScriptBytes = uint64_t{1} << 20;

// The text of a script given as a file name (a regular file, a FIFO or a device, read up to
// kMaxInputScriptBytes) or as the script itself, which starts with a frame number. Anything else
// that names no file is a missing file: std::invalid_argument, like every script error.
std::string read_input_script(const std::string& file_or_text);

}  // namespace weft
