// Values as the scene writer puts them into TOML, each read back by the scene loader as exactly
// the value written: floats in the fewest digits that give the same float after the loader's
// double-then-float reading, strings escaped.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <glm/vec3.hpp>

namespace weft {

// A scene that cannot be written as a scene file: what stands in the way, and what would let it.
class SceneWriteError : public std::runtime_error {
 public:
  explicit SceneWriteError(const std::string& message) : std::runtime_error(message) {}
};

// A TOML float ("1.0", "0.1", "-0.0", "1e-06") that the loader reads back as `value`. Throws
// SceneWriteError for NaN and infinities (which scene files refuse); `what` names the value.
std::string toml_float(float value, std::string_view what);
std::string toml_double(double value, std::string_view what);
std::string toml_vec3(const glm::vec3& value, std::string_view what);  // "[x, y, z]"

// A basic string in double quotes, with quotes, backslashes, line feeds and tabs escaped.
std::string toml_string(std::string_view text);

// A coordinate of an OBJ file, read back by the OBJ reader as `value`.
std::string obj_float(float value);

}  // namespace weft
