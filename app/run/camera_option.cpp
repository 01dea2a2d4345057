#include "app/run/camera_option.h"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <CLI/CLI.hpp>

namespace weft {

namespace {

// "x,y,z": three finite numbers.
glm::vec3 parse_point(const std::string& key, const std::string& text) {
  glm::vec3 point(0.0f);
  size_t at = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const size_t comma = text.find(',', at);
    const bool last = axis == 2;
    if (last != (comma == std::string::npos)) {
      throw std::invalid_argument(key + " takes three numbers x,y,z (metres), got '" + text + "'");
    }
    const std::string number = text.substr(at, last ? std::string::npos : comma - at);
    char* end = nullptr;
    const float value = std::strtof(number.c_str(), &end);
    if (number.empty() || *end != '\0' || !std::isfinite(value)) {
      throw std::invalid_argument(key + ": '" + number + "' is not a number");
    }
    point[axis] = value;
    at = comma + 1;
  }
  return point;
}

}  // namespace

SceneCamera parse_camera_words(const std::vector<std::string>& words) {
  SceneCamera camera;
  bool eye = false, target = false, fov = false;
  for (const std::string& word : words) {
    const size_t equals = word.find('=');
    const std::string key = word.substr(0, equals);
    const std::string value = equals == std::string::npos ? "" : word.substr(equals + 1);
    bool* seen = key == "eye" ? &eye : key == "target" ? &target : key == "fov" ? &fov : nullptr;
    if (!seen || equals == std::string::npos) {
      throw std::invalid_argument("expected eye=X,Y,Z target=X,Y,Z [fov=DEGREES], got '" + word +
                                  "'");
    }
    if (*seen) throw std::invalid_argument(key + " is given twice");
    *seen = true;
    if (key == "fov") {
      char* end = nullptr;
      camera.fov_degrees = std::strtof(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !(camera.fov_degrees >= kMinFovDegrees) ||
          !(camera.fov_degrees <= kMaxFovDegrees)) {
        throw std::invalid_argument("fov is the vertical field of view in degrees, from " +
                                    std::to_string(static_cast<int>(kMinFovDegrees)) + " to " +
                                    std::to_string(static_cast<int>(kMaxFovDegrees)) + ", got '" +
                                    value + "'");
      }
    } else {
      (key == "eye" ? camera.eye : camera.target) = parse_point(key, value);
    }
  }
  if (!eye || !target) throw std::invalid_argument("give both eye=X,Y,Z and target=X,Y,Z");
  if (std::optional<std::string> problem = camera_problem(camera)) {
    throw std::invalid_argument(*problem);
  }
  return camera;
}

void add_camera_option(CLI::App& run, std::optional<SceneCamera>& camera) {
  run.add_option_function<std::vector<std::string>>(
         "--camera",
         [&camera](const std::vector<std::string>& words) {
           try {
             camera = parse_camera_words(words);
           } catch (const std::invalid_argument& error) {
             throw CLI::ValidationError("--camera", error.what());
           }
         },
         "Where --screenshot and --video look from (m), instead of framing the scene: "
         "eye=X,Y,Z target=X,Y,Z and optionally fov=DEGREES (vertical, default 45)")
      ->expected(2, 3)
      ->option_text("eye=X,Y,Z target=X,Y,Z [fov=D]");
}

}  // namespace weft
