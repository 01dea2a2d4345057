#include "app/viewer/input_script.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "app/scene/safe_text.h"
#include "app/scene/text_file.h"

#include "app/viewer/key_bindings.h"
#include "engine/vulkan.h"
#include <GLFW/glfw3.h>

namespace weft {

namespace {

int held_key_code(const std::string& name) {
  if (name == "up") return GLFW_KEY_UP;
  if (name == "down") return GLFW_KEY_DOWN;
  if (name == "left") return GLFW_KEY_LEFT;
  if (name == "right") return GLFW_KEY_RIGHT;
  if (name == "home") return GLFW_KEY_HOME;
  if (name == "end") return GLFW_KEY_END;
  throw std::invalid_argument("unknown held key '" + name + "' (up down left right home end)");
}

int button_code(const std::string& name) {
  if (name == "left") return GLFW_MOUSE_BUTTON_LEFT;
  if (name == "right") return GLFW_MOUSE_BUTTON_RIGHT;
  if (name == "middle") return GLFW_MOUSE_BUTTON_MIDDLE;
  throw std::invalid_argument("unknown mouse button '" + name + "' (left right middle)");
}

const KeyBinding& action_key(const std::string& name) {
  const std::optional<Action> action = action_named(name);
  if (!action) throw std::invalid_argument("unknown action '" + name + "'");
  for (const KeyBinding& b : key_bindings()) {
    if (b.action == *action) return b;
  }
  throw std::invalid_argument("action '" + name + "' has no key");
}

float fraction(std::istringstream& in, const char* what) {
  float value = -1.0f;
  if (!(in >> value) || value < 0.0f || value > 1.0f) {
    throw std::invalid_argument(std::string(what) + " must be a fraction of the window, 0 to 1");
  }
  return value;
}

// The rest of the entry as words; "double quotes" keep spaces inside one word.
std::vector<std::string> words(std::istringstream& in) {
  std::vector<std::string> out;
  in >> std::ws;
  while (in.peek() != std::char_traits<char>::eof()) {
    std::string word;
    if (in.peek() == '"') {
      in.get();
      if (!std::getline(in, word, '"') || in.eof()) {
        throw std::invalid_argument("a quote is not closed");
      }
    } else {
      in >> word;
    }
    out.push_back(word);
    in >> std::ws;
  }
  return out;
}

ScriptEvent parse_entry(const std::string& entry) {
  std::istringstream in(entry);
  ScriptEvent event;
  std::string verb;
  if (!(in >> event.frame >> verb)) throw std::invalid_argument("expected 'FRAME ACTION ...'");
  std::string word;
  if (verb == "key") {
    event.kind = ScriptEvent::Kind::key;
    if (!(in >> word)) throw std::invalid_argument("key needs an action name");
    const KeyBinding& binding = action_key(word);
    event.code = binding.key;
    event.ctrl = binding.ctrl;  // "save" is Ctrl+S
  } else if (verb == "keydown" || verb == "keyup") {
    event.kind = verb == "keydown" ? ScriptEvent::Kind::keydown : ScriptEvent::Kind::keyup;
    if (!(in >> word)) throw std::invalid_argument(verb + " needs a key");
    event.code = held_key_code(word);
  } else if (verb == "press" || verb == "release") {
    event.kind = verb == "press" ? ScriptEvent::Kind::press : ScriptEvent::Kind::release;
    if (!(in >> word)) throw std::invalid_argument(verb + " needs a button");
    event.code = button_code(word);
    if (event.kind == ScriptEvent::Kind::press) {
      event.x = fraction(in, "x");
      event.y = fraction(in, "y");
      // Modifiers after the point: "shift" (pan), "ctrl" (pin by hand), "alt" (the knife), in
      // any order.
      while (in >> word) {
        if (word == "shift") {
          event.shift = true;
        } else if (word == "ctrl") {
          event.ctrl = true;
        } else if (word == "alt") {
          event.alt = true;
        } else {
          throw std::invalid_argument("press: unknown modifier '" + word +
                                      "' (expected shift, ctrl or alt)");
        }
      }
    }
  } else if (verb == "move") {
    event.kind = ScriptEvent::Kind::move;
    event.x = fraction(in, "x");
    event.y = fraction(in, "y");
  } else if (verb == "scroll") {
    event.kind = ScriptEvent::Kind::scroll;
    if (!(in >> event.x)) throw std::invalid_argument("scroll needs a number of steps");
  } else if (verb == "resize") {
    event.kind = ScriptEvent::Kind::resize;
    if (!(in >> event.x >> event.y) || event.x < 1 || event.y < 1 || event.x > 16384 ||
        event.y > 16384) {
      throw std::invalid_argument("resize needs a width and a height in pixels");
    }
  } else if (verb == "screenshot") {
    event.kind = ScriptEvent::Kind::screenshot;
    if (!(in >> event.path)) throw std::invalid_argument("screenshot needs a file name");
  } else if (verb == "set" || verb == "click") {
    event.kind = verb == "set" ? ScriptEvent::Kind::set : ScriptEvent::Kind::click;
    std::vector<std::string> rest = words(in);
    if (rest.empty()) throw std::invalid_argument(verb + " needs a panel label");
    event.label = rest.front();
    event.values.assign(rest.begin() + 1, rest.end());
    if (verb == "set" && event.values.empty()) {
      throw std::invalid_argument("set needs a value after the label");
    }
    if (verb == "click" && !event.values.empty()) {
      throw std::invalid_argument("click takes only a label (quote one with spaces)");
    }
  } else if (verb == "quit") {
    event.kind = ScriptEvent::Kind::quit;
  } else {
    throw std::invalid_argument("unknown action '" + verb + "'");
  }
  return event;
}

}  // namespace

std::vector<ScriptEvent> parse_input_script(const std::string& text) {
  std::vector<ScriptEvent> events;
  std::string entry;
  std::istringstream in(text);
  while (std::getline(in, entry, '\n')) {
    std::istringstream entries(entry.substr(0, entry.find('#')));
    std::string piece;
    while (std::getline(entries, piece, ';')) {
      if (piece.find_first_not_of(" \t\r") == std::string::npos) continue;
      try {
        events.push_back(parse_entry(piece));
        events.back().text = piece.substr(piece.find_first_not_of(" \t"));
      } catch (const std::invalid_argument& error) {
        throw std::invalid_argument("input script entry '" + piece + "': " + error.what());
      }
    }
  }
  std::stable_sort(events.begin(), events.end(),
                   [](const ScriptEvent& a, const ScriptEvent& b) { return a.frame < b.frame; });
  return events;
}

std::string read_input_script(const std::string& file_or_text) {
  const TextFile file = read_text_file(file_or_text, kMaxInputScriptBytes, true);
  switch (file.status) {
    case TextFile::Status::read: return file.text;
    case TextFile::Status::missing: break;
    case TextFile::Status::not_a_file:
      throw std::invalid_argument("input script " + escape_unsafe_characters(file_or_text) +
                                  " is not a regular file, FIFO or device");
    case TextFile::Status::unreadable:
      throw std::invalid_argument("input script " + escape_unsafe_characters(file_or_text) +
                                  " cannot be read: " + file.reason);
    case TextFile::Status::too_large:
      throw std::invalid_argument("input script " + escape_unsafe_characters(file_or_text) +
                                  " is " + file.reason + " (the most weft reads as a script)");
  }
  // No such file: script text itself, which starts with the frame of its first entry. Anything
  // else is a file name with a typo, not a script to run.
  const size_t first = file_or_text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || file_or_text[first] < '0' || file_or_text[first] > '9') {
    throw std::invalid_argument("input script file " + quoted_input(file_or_text, 200) +
                                " not found (script text given in place of a file starts with a "
                                "frame number: '10 key pause; 90 quit')");
  }
  if (file_or_text.size() > kMaxInputScriptBytes) {
    throw std::invalid_argument("input script text is larger than " +
                                describe_bytes(kMaxInputScriptBytes));
  }
  return file_or_text;
}

}  // namespace weft
