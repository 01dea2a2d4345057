#include "app/scene/scene_error.h"

#include <utility>

namespace weft {

namespace {

std::string compose(const SceneLocation& where, const std::string& key, const std::string& table,
                    const std::string& message) {
  std::string text = where.file;
  if (where.line > 0) text += ":" + std::to_string(where.line);
  if (where.line > 0 && where.column > 0) text += ":" + std::to_string(where.column);
  text += ": ";
  if (!key.empty()) {
    text += "key '" + key + "'";
    if (!table.empty()) text += " in " + table;
    text += ": ";
  } else if (!table.empty()) {
    text += "in " + table + ": ";
  }
  return text + message;
}

}  // namespace

SceneError::SceneError(SceneLocation location, std::string key, std::string table,
                       std::string message)
    : std::runtime_error(compose(location, key, table, message)),
      location_(std::move(location)),
      key_(std::move(key)),
      table_(std::move(table)),
      message_(std::move(message)) {}

}  // namespace weft
