#include "app/scene/table_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "app/scene/closest_match.h"
#include "app/scene/safe_text.h"
#include "app/scene/scene_error.h"

namespace weft {

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

bool NumberRange::contains(double value) const {
  if (!std::isfinite(value)) return false;
  const bool above_min = min_inclusive ? value >= min : value > min;
  const bool below_max = max_inclusive ? value <= max : value < max;
  return above_min && below_max;
}

std::string NumberRange::describe() const {
  const bool has_min = min > -1e299;
  const bool has_max = max < 1e299;
  std::string text;
  if (has_min && has_max) {
    text = std::string("in ") + (min_inclusive ? "[" : "(") + format_number(min) + ", " +
           format_number(max) + (max_inclusive ? "]" : ")");
  } else if (has_min) {
    text = std::string(min_inclusive ? ">= " : "> ") + format_number(min);
  } else if (has_max) {
    text = std::string(max_inclusive ? "<= " : "< ") + format_number(max);
  } else {
    text = "a finite number";
  }
  if (*unit) text += std::string(" ") + unit;
  return text;
}

namespace {

// "[cloth]" or "[[cloth]]" -> "cloth"; the root table (empty name) -> "".
std::string dotted_path(const std::string& name) {
  const size_t first = name.find_first_not_of('[');
  const size_t last = name.find_last_not_of(']');
  if (first == std::string::npos || last == std::string::npos || last < first) return "";
  return name.substr(first, last - first + 1);
}

std::string child_path(const std::string& parent, std::string_view key) {
  const std::string base = dotted_path(parent);
  return base.empty() ? std::string(key) : base + "." + std::string(key);
}

uint32_t line_of_node(const toml::node& node) {
  return static_cast<uint32_t>(node.source().begin.line);
}

}  // namespace

const char* TableReader::type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a floating-point number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date:
    case toml::node_type::time:
    case toml::node_type::date_time: return "a date or time";
    default: return "nothing";
  }
}

TableReader::TableReader(const toml::table& table, std::string name, std::string file,
                         std::vector<std::string> valid_keys)
    : table_(&table),
      name_(std::move(name)),
      file_(std::move(file)),
      valid_keys_(std::move(valid_keys)) {
  // Report the first unknown key in file order (the table itself is ordered by key).
  const toml::key* unknown = nullptr;
  for (auto&& [key, value] : *table_) {
    if (std::find(valid_keys_.begin(), valid_keys_.end(), key.str()) != valid_keys_.end()) continue;
    if (!unknown || key.source().begin.line < unknown->source().begin.line) unknown = &key;
  }
  if (!unknown) return;
  std::string message = "unknown key; ";
  if (auto suggestion = closest_match(unknown->str(), valid_keys_)) {
    message += "did you mean '" + *suggestion + "'?";
  } else {
    message += "expected " + quoted_list(valid_keys_);
  }
  throw SceneError(location_of(unknown->source(), line()), quoted_input(unknown->str()), name_,
                   message);
}

uint32_t TableReader::line() const {
  uint32_t line = static_cast<uint32_t>(table_->source().begin.line);
  if (line > 0) return line;
  // Tables created implicitly (by a dotted key) have no header: use their first key.
  for (auto&& [key, value] : *table_) {
    const auto key_line = static_cast<uint32_t>(key.source().begin.line);
    if (key_line > 0 && (line == 0 || key_line < line)) line = key_line;
  }
  return line;
}

uint32_t TableReader::line_of(std::string_view key) const {
  const toml::node* value = node(key);
  if (value && line_of_node(*value) > 0) return line_of_node(*value);
  return line();
}

bool TableReader::has(std::string_view key) const {
  return node(key) != nullptr;
}

const toml::node* TableReader::node(std::string_view key) const {
  if (std::find(valid_keys_.begin(), valid_keys_.end(), key) == valid_keys_.end()) {
    throw std::logic_error("scene reader: key '" + std::string(key) + "' is not declared for " +
                           name_);
  }
  return table_->get(key);
}

SceneLocation TableReader::location_of(const toml::source_region& source,
                                       uint32_t fallback_line) const {
  // A value from an override (scene_overrides.h) is named by the override, not a line of the file.
  if (source.path && *source.path != file_) return {*source.path, 0, 0};
  const auto line = static_cast<uint32_t>(source.begin.line);
  return {file_, line > 0 ? line : fallback_line, 0};
}

void TableReader::fail(std::string_view key, const std::string& message) const {
  const toml::node* value = table_->get(key);
  throw SceneError(
      value ? location_of(value->source(), line()) : location_of(table_->source(), line()),
      std::string(key), name_, message);
}

void TableReader::fail_at(const toml::node& at, std::string_view key,
                          const std::string& message) const {
  throw SceneError(location_of(at.source(), line_of(key)), std::string(key), name_, message);
}

void TableReader::fail_table(const std::string& message) const {
  throw SceneError(location_of(table_->source(), line()), "", name_, message);
}

void TableReader::check_characters(const std::string& text, const toml::node& at,
                                   std::string_view key) const {
  // TOML escapes (\u001b, \u202e) put in a string what the raw-text check cannot see.
  if (auto unsafe = first_unsafe_character(text, true)) {
    fail_at(at, key,
            "the string holds " + *unsafe +
                " (scene strings are printable text: no control characters but line feed and "
                "tab, no bidirectional controls)");
  }
}

const toml::node& TableReader::present(std::string_view key) const {
  const toml::node* value = node(key);
  if (!value) fail(key, "missing; this key is required");
  return *value;
}

namespace {

// A number from an integer or floating-point node, or nothing for any other type.
std::optional<double> as_number(const toml::node& node) {
  if (auto i = node.as_integer()) return static_cast<double>(i->get());
  if (auto f = node.as_floating_point()) return f->get();
  return std::nullopt;
}

}  // namespace

std::optional<double> TableReader::number(std::string_view key, const NumberRange& range) const {
  const toml::node* value = node(key);
  if (!value) return std::nullopt;
  const std::optional<double> number = as_number(*value);
  if (!number) {
    fail(key, "expected a number (" + range.describe() + "), got " + type_name(*value));
  }
  if (!range.contains(*number)) {
    fail(key, "must be " + range.describe() + ", got " + format_number(*number));
  }
  if (std::abs(*number) > std::numeric_limits<float>::max()) {
    fail(key, "is too large for a float, got " + format_number(*number));
  }
  return number;
}

double TableReader::number_or(std::string_view key, double fallback,
                              const NumberRange& range) const {
  return number(key, range).value_or(fallback);
}

double TableReader::required_number(std::string_view key, const NumberRange& range) const {
  present(key);
  return *number(key, range);
}

std::optional<int64_t> TableReader::integer(std::string_view key, int64_t min, int64_t max) const {
  const toml::node* value = node(key);
  if (!value) return std::nullopt;
  const auto* integer = value->as_integer();
  const std::string expected =
      "an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
  if (!integer) fail(key, "expected " + expected + ", got " + type_name(*value));
  if (integer->get() < min || integer->get() > max) {
    fail(key, "must be " + expected + ", got " + std::to_string(integer->get()));
  }
  return integer->get();
}

int64_t TableReader::required_integer(std::string_view key, int64_t min, int64_t max) const {
  present(key);
  return *integer(key, min, max);
}

std::optional<bool> TableReader::boolean(std::string_view key) const {
  const toml::node* value = node(key);
  if (!value) return std::nullopt;
  const auto* flag = value->as_boolean();
  if (!flag) fail(key, std::string("expected true or false, got ") + type_name(*value));
  return flag->get();
}

std::optional<std::string> TableReader::string(std::string_view key) const {
  const toml::node* value = node(key);
  if (!value) return std::nullopt;
  const auto* text = value->as_string();
  if (!text) fail(key, std::string("expected a string, got ") + type_name(*value));
  check_characters(text->get(), *value, key);
  return text->get();
}

std::string TableReader::required_string(std::string_view key) const {
  present(key);
  return *string(key);
}

std::optional<std::string> TableReader::choice(std::string_view key,
                                               const std::vector<std::string>& choices) const {
  std::optional<std::string> text = string(key);
  if (!text) return std::nullopt;
  if (std::find(choices.begin(), choices.end(), *text) != choices.end()) return text;
  std::string message = "expected " + quoted_list(choices) + ", got '" + quoted_input(*text) + "'";
  if (auto suggestion = closest_match(*text, choices)) {
    message += "; did you mean '" + *suggestion + "'?";
  }
  fail(key, message);
}

std::optional<glm::vec3> TableReader::vec3(std::string_view key, const NumberRange& range) const {
  const toml::node* value = node(key);
  if (!value) return std::nullopt;
  const auto* array = value->as_array();
  const std::string expected = "an array of 3 numbers [x, y, z]";
  if (!array) fail(key, "expected " + expected + ", got " + type_name(*value));
  if (array->size() != 3) {
    fail(key, "expected " + expected + ", got " + std::to_string(array->size()) +
                  (array->size() == 1 ? " element" : " elements"));
  }
  glm::vec3 out(0.0f);
  for (int i = 0; i < 3; ++i) {
    const toml::node& element = (*array)[static_cast<size_t>(i)];
    const std::optional<double> number = as_number(element);
    if (!number) {
      fail_at(element, key,
              "element " + std::to_string(i) + ": expected a number, got " + type_name(element));
    }
    if (!range.contains(*number) || std::abs(*number) > std::numeric_limits<float>::max()) {
      fail_at(element, key,
              "element " + std::to_string(i) + " must be " + range.describe() + ", got " +
                  format_number(*number));
    }
    out[i] = static_cast<float>(*number);
  }
  return out;
}

glm::vec3 TableReader::required_vec3(std::string_view key, const NumberRange& range) const {
  present(key);
  return *vec3(key, range);
}

std::optional<std::vector<int64_t>> TableReader::integers(std::string_view key, int64_t min,
                                                          int64_t max) const {
  const toml::node* value = node(key);
  if (!value) return std::nullopt;
  const auto* array = value->as_array();
  if (!array) fail(key, std::string("expected an array of integers, got ") + type_name(*value));
  std::vector<int64_t> out;
  out.reserve(array->size());
  for (size_t i = 0; i < array->size(); ++i) {
    const toml::node& element = (*array)[i];
    const auto* integer = element.as_integer();
    if (!integer) {
      fail_at(element, key,
              "element " + std::to_string(i) + ": expected an integer, got " + type_name(element));
    }
    if (integer->get() < min || integer->get() > max) {
      fail_at(element, key,
              "element " + std::to_string(i) + " must be in [" + std::to_string(min) + ", " +
                  std::to_string(max) + "], got " + std::to_string(integer->get()));
    }
    out.push_back(integer->get());
  }
  return out;
}

std::optional<std::vector<std::string>> TableReader::strings(std::string_view key) const {
  const toml::node* value = node(key);
  if (!value) return std::nullopt;
  if (value->is_string()) {
    check_characters(value->as_string()->get(), *value, key);
    return std::vector<std::string>{value->as_string()->get()};
  }
  const auto* array = value->as_array();
  if (!array) fail(key, std::string("expected an array of strings, got ") + type_name(*value));
  std::vector<std::string> out;
  for (size_t i = 0; i < array->size(); ++i) {
    const toml::node& element = (*array)[i];
    if (!element.is_string()) {
      fail_at(element, key,
              "element " + std::to_string(i) + ": expected a string, got " + type_name(element));
    }
    check_characters(element.as_string()->get(), element, key);
    out.push_back(element.as_string()->get());
  }
  return out;
}

std::optional<TableReader> TableReader::table(std::string_view key,
                                              std::vector<std::string> valid_keys) const {
  const toml::node* value = node(key);
  if (!value) return std::nullopt;
  const auto* sub = value->as_table();
  if (!sub) fail(key, std::string("expected a table, got ") + type_name(*value));
  return TableReader(*sub, "[" + child_path(name_, key) + "]", file_, std::move(valid_keys));
}

std::vector<TableReader> TableReader::tables(std::string_view key,
                                             std::vector<std::string> valid_keys) const {
  const toml::node* value = node(key);
  if (!value) return {};
  const auto* array = value->as_array();
  const std::string header = "[[" + child_path(name_, key) + "]]";
  if (!array) {
    fail(key, "expected " + header + " tables, got " + type_name(*value) +
                  (value->is_table() ? " (write [[" + child_path(name_, key) + "]], not [" +
                                           child_path(name_, key) + "])"
                                     : ""));
  }
  std::vector<TableReader> out;
  for (size_t i = 0; i < array->size(); ++i) {
    const toml::node& element = (*array)[i];
    const auto* sub = element.as_table();
    if (!sub) {
      fail_at(element, key,
              "element " + std::to_string(i) + ": expected a table, got " + type_name(element));
    }
    out.emplace_back(*sub, header, file_, valid_keys);
  }
  return out;
}

std::optional<std::string> TableReader::at_most_one_of(const std::vector<std::string>& keys) const {
  std::optional<std::string> found;
  for (const std::string& key : keys) {
    if (!has(key)) continue;
    if (found) fail(key, "set only one of " + quoted_list(keys) + " (found '" + *found + "' too)");
    found = key;
  }
  return found;
}

}  // namespace weft
