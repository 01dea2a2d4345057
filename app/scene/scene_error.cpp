#include "app/scene/scene_error.h"

#include <utility>

#include "app/scene/safe_text.h"

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
  // Keys, table names and messages quote the scene file, whose strings and quoted keys may hold
  // escapes for any character: none reaches the terminal as a control character.
  return escape_unsafe_characters(text + message);
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
