#include "app/scene/toml_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace weft {

namespace {

// The loader reads every number as a double (toml++ and the OBJ reader both use from_chars) and
// makes it a float: the text written must survive that, bit for bit.
bool reads_back_as(const std::string& text, float value) {
  double read = 0.0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, read);
  if (error != std::errc() || stop != end) return false;
  const float back = static_cast<float>(read);
  return std::memcmp(&back, &value, sizeof value) == 0;
}

void check_finite(double value, std::string_view what) {
  if (!std::isfinite(value)) {
    throw SceneWriteError(std::string(what) + " is " + (std::isnan(value) ? "NaN" : "infinite") +
                          "; a scene file holds finite numbers only");
  }
}

// The shortest text that reads back as the value, else nine significant digits, which always do
// (they land within 5e-9 of the float, far from the halfway points between floats).
std::string shortest_float(float value) {
  char text[32];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value);
  std::string shortest(text, error == std::errc() ? end : text);
  if (reads_back_as(shortest, value)) return shortest;
  std::snprintf(text, sizeof text, "%.9g", double{value});
  return text;
}

// TOML tells integers from floats: "1" would be an integer (read as 1.0 all the same, but "-0"
// would lose its sign).
std::string as_toml_float(std::string text) {
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

}  // namespace

std::string toml_float(float value, std::string_view what) {
  check_finite(value, what);
  return as_toml_float(shortest_float(value));
}

std::string toml_double(double value, std::string_view what) {
  check_finite(value, what);
  char text[40];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value);
  if (error != std::errc()) {
    std::snprintf(text, sizeof text, "%.17g", value);
    return as_toml_float(text);
  }
  return as_toml_float(std::string(text, end));
}

std::string toml_vec3(const glm::vec3& value, std::string_view what) {
  return "[" + toml_float(value.x, what) + ", " + toml_float(value.y, what) + ", " +
         toml_float(value.z, what) + "]";
}

std::string toml_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c;  // the loader refused every other control character
    }
  }
  return out + "\"";
}

std::string obj_float(float value) {
  return shortest_float(value);
}

}  // namespace weft
