// Typed, range-checked access to one TOML table of a scene file. Every failure throws SceneError
// with the file, the line of the offending value (or of the table when a key is missing), the key,
// the table's name and what was expected. A reader knows its table's valid keys: constructing it
// rejects any other key, suggesting the closest valid one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>
#include <toml++/toml.h>

#include "app/scene/scene_error.h"
#include "sim/model/enum_keys.h"

namespace weft {

// The values a number may take, and its unit for messages ("N/m", "" for none).
struct NumberRange {
  double min = -1e300;
  double max = 1e300;
  bool min_inclusive = true;
  bool max_inclusive = true;
  const char* unit = "";

  static NumberRange any(const char* unit) { return {-1e300, 1e300, true, true, unit}; }
  static NumberRange at_least(double min, const char* unit) {
    return {min, 1e300, true, true, unit};
  }
  static NumberRange above(double min, const char* unit) { return {min, 1e300, false, true, unit}; }
  static NumberRange between(double min, double max, const char* unit) {
    return {min, max, true, true, unit};
  }
  bool contains(double value) const;
  std::string describe() const;  // "> 0 kg", "in [0, 1]", "a finite number"
};

class TableReader {
 public:
  // name: how messages call the table ("[solver]", "[[rope]]", "[cloth.structural]").
  TableReader(const toml::table& table, std::string name, std::string file,
              std::vector<std::string> valid_keys);

  const std::string& name() const { return name_; }
  const std::string& file() const { return file_; }
  uint32_t line() const;                         // of the table's header (or of its first key)
  uint32_t line_of(std::string_view key) const;  // of the key's value; the table's line if absent
  bool has(std::string_view key) const;
  const toml::node* node(std::string_view key) const;

  [[noreturn]] void fail(std::string_view key, const std::string& message) const;
  [[noreturn]] void fail_at(const toml::node& node, std::string_view key,
                            const std::string& message) const;
  [[noreturn]] void fail_table(const std::string& message) const;

  std::optional<double> number(std::string_view key, const NumberRange& range) const;
  double number_or(std::string_view key, double fallback, const NumberRange& range) const;
  double required_number(std::string_view key, const NumberRange& range) const;
  std::optional<int64_t> integer(std::string_view key, int64_t min, int64_t max) const;
  int64_t required_integer(std::string_view key, int64_t min, int64_t max) const;
  std::optional<bool> boolean(std::string_view key) const;
  std::optional<std::string> string(std::string_view key) const;
  std::string required_string(std::string_view key) const;
  // A string that must be one of `choices`; a near miss gets a suggestion.
  std::optional<std::string> choice(std::string_view key,
                                    const std::vector<std::string>& choices) const;
  // The same for an enum's keys (sim/model/enum_keys.h): the value the word names.
  template <typename Enum, std::size_t N>
  std::optional<Enum> choice(std::string_view key, const EnumKeys<Enum, N>& keys) const {
    if (auto word = choice(key, all_keys(keys))) return value_of(keys, *word);
    return std::nullopt;
  }
  // [x, y, z]: three numbers, each within `range`.
  std::optional<glm::vec3> vec3(std::string_view key, const NumberRange& range) const;
  glm::vec3 required_vec3(std::string_view key, const NumberRange& range) const;
  std::optional<std::vector<int64_t>> integers(std::string_view key, int64_t min,
                                               int64_t max) const;
  std::optional<std::vector<std::string>> strings(std::string_view key) const;
  // A sub-table, read with its own valid keys.
  std::optional<TableReader> table(std::string_view key, std::vector<std::string> valid_keys) const;
  // An array of tables ([[key]] headers); an absent key is an empty list.
  std::vector<TableReader> tables(std::string_view key, std::vector<std::string> valid_keys) const;

  // One of `keys` at most ("set particle_mass or total_mass, not both"); returns it, if any.
  std::optional<std::string> at_most_one_of(const std::vector<std::string>& keys) const;

  // For messages: "a string", "an integer", ...
  static const char* type_name(const toml::node& node);

 private:
  const toml::node& present(std::string_view key) const;  // fails when absent
  // The file and line of a node, or the override it came from; `fallback_line` when it has none.
  SceneLocation location_of(const toml::source_region& source, uint32_t fallback_line) const;
  // Fails when a string holds a control character other than line feed and tab, or a
  // bidirectional control (safe_text.h).
  void check_characters(const std::string& text, const toml::node& at, std::string_view key) const;

  const toml::table* table_;
  std::string name_;
  std::string file_;
  std::vector<std::string> valid_keys_;
};

// "%g" for messages.
std::string format_number(double value);

}  // namespace weft
