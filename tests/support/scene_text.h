// Parsing scene text in tests: the file name messages use is fixed, and meshes come from
// in-memory OBJ texts (any other name goes to the real reader, relative to the working directory).
#pragma once

#include <map>
#include <sstream>
#include <string>

#include "app/scene/scene_file.h"

namespace weft::test {

inline SceneParseOptions scene_options(const std::string& file,
                                       std::map<std::string, std::string> meshes = {}) {
  SceneParseOptions options;
  options.file = file;
  options.read_mesh = [meshes = std::move(meshes)](const std::filesystem::path& path) {
    const auto found = meshes.find(path.string());
    return found != meshes.end() ? parse_obj(found->second, path.string()) : read_obj_file(path);
  };
  return options;
}

// A number as a TOML float, to the last digit: 0.5, 1e-30, 3.0 (not 3, an integer).
inline std::string toml_number(double value) {
  std::ostringstream out;
  out.precision(17);
  out << value;
  const std::string text = out.str();
  return text.find_first_of(".e") == std::string::npos ? text + ".0" : text;
}

inline Scene parse_scene_text(const std::string& text,
                              std::map<std::string, std::string> meshes = {},
                              const std::string& file = "test.toml") {
  return parse_scene(text, scene_options(file, std::move(meshes)));
}

}  // namespace weft::test
