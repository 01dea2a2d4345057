// What the scene loader throws when a scene file (or an OBJ file it names) cannot be turned into
// a simulation: where (file, line, key, table) and what was expected. `weft` prints what() and
// exits with code 2.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace weft {

struct SceneLocation {
  std::string file;     // as the user named it (scenes/foo.toml)
  uint32_t line = 0;    // 1-based; 0 when the error concerns the whole file
  uint32_t column = 0;  // 1-based; 0 when unknown or not useful
};

class SceneError : public std::runtime_error {
 public:
  // "file:line: key 'key' in [table]: message"; key and table may be empty.
  SceneError(SceneLocation location, std::string key, std::string table, std::string message);

  const SceneLocation& location() const { return location_; }
  const std::string& key() const { return key_; }
  const std::string& table() const { return table_; }
  const std::string& message() const { return message_; }

 private:
  SceneLocation location_;
  std::string key_;
  std::string table_;
  std::string message_;
};

}  // namespace weft
