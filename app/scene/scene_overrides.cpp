#include "app/scene/scene_overrides.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "app/scene/safe_text.h"
#include "app/scene/scene_error.h"

namespace weft {

namespace {

std::vector<std::string>& process_overrides() {
  static std::vector<std::string> overrides;
  return overrides;
}

[[noreturn]] void fail(const std::string& override_text, const std::string& message) {
  throw SceneError({override_name(override_text), 0, 0}, "", "", message);
}

bool is_bare_key_path(const std::string& key) {
  if (key.empty() || key.front() == '.' || key.back() == '.') return false;
  for (size_t i = 0; i < key.size(); ++i) {
    const auto c = static_cast<unsigned char>(key[i]);
    if (c == '.' && key[i + 1] == '.') return false;
    if (!std::isalnum(c) && c != '_' && c != '-' && c != '.') return false;
  }
  return true;
}

bool is_index(std::string_view key) {
  return !key.empty() && key.size() < 10 &&
         std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "KEY=VALUE" as a one-key TOML document whose nodes carry the override's name as their source,
// so that the scene reader's messages name the override.
toml::table parse_override(const std::string& text) {
  const size_t equals = text.find('=');
  if (equals == std::string::npos) fail(text, "expected KEY=VALUE, such as solver.substeps=8");
  const std::string key = text.substr(0, equals);
  const std::string value = text.substr(equals + 1);
  if (!is_bare_key_path(key)) {
    fail(text, "'" + quoted_input(key) +
                   "' is not a key: expected names joined by dots, such as solver.substeps");
  }
  if (value.empty()) fail(text, "no value after '='");
  const std::string name = override_name(text);
  try {
    return toml::parse(key + " = " + value, name);
  } catch (const toml::parse_error& error) {
    // A bare word is a string (cloth.material=silk); anything else was meant as TOML.
    if (!std::isalpha(static_cast<unsigned char>(value.front())) ||
        value.find_first_of("\"\\\n\r") != std::string::npos) {
      fail(text, "VALUE is not a TOML value: " + std::string(error.description()));
    }
    return toml::parse(key + " = \"" + value + "\"", name);
  }
}

// Keys a table may hold only one of (TableReader::at_most_one_of): an override of one replaces
// the file's other, as the user means (solver.substeps=8 on a scene that gives max_dt).
const std::vector<std::vector<std::string_view>> kAlternatives = {
    {"substeps", "max_dt"},
    {"damping", "verlet_damping"},
    {"particle_mass", "total_mass", "areal_density"},
    {"node_mass", "total_mass"},
    {"force", "anchor_velocity"},
};

// Moves `value` (with its source, which a copy would lose) into `target` under `key`.
void put_override(toml::table& target, const toml::key& key, toml::node& value) {
  for (const auto& group : kAlternatives) {
    if (std::find(group.begin(), group.end(), key.str()) == group.end()) continue;
    for (const std::string_view other : group) {
      if (other != key.str()) target.erase(other);
    }
  }
  value.visit([&](auto&& concrete) { target.insert_or_assign(key, std::move(concrete)); });
}

void merge(toml::table& target, toml::table& source, const std::string& text,
           const std::string& path);

// An override of a key under [[name]]: into the table it indexes (cloth.0.material), or into the
// only one there is (cloth.material).
void merge_into_array(toml::array& tables, toml::table& source, const std::string& text,
                      const std::string& path) {
  const bool by_index = std::all_of(source.begin(), source.end(),
                                    [](const auto& entry) { return is_index(entry.first.str()); });
  if (!by_index) {
    if (tables.size() != 1 || !tables[0].is_table()) {
      fail(text, "the scene has " + std::to_string(tables.size()) + " [[" + path +
                     "]] tables: say which by its index from 0, as " + path + ".0." +
                     std::string(source.begin()->first.str()));
    }
    merge(*tables[0].as_table(), source, text, path);
    return;
  }
  for (auto&& [index_key, node] : source) {
    const size_t index = std::stoul(std::string(index_key.str()));
    if (index >= tables.size() || !tables[index].is_table()) {
      fail(text, "the scene has " + std::to_string(tables.size()) + " [[" + path +
                     "]] tables, numbered from 0: there is no " + std::to_string(index));
    }
    if (!node.is_table()) fail(text, "expected a key after " + path + "." + std::to_string(index));
    merge(*tables[index].as_table(), *node.as_table(), text, path);
  }
}

void merge(toml::table& target, toml::table& source, const std::string& text,
           const std::string& path) {
  for (auto&& [key, node] : source) {
    const std::string child =
        path.empty() ? std::string(key.str()) : path + "." + std::string(key.str());
    toml::node* existing = target.get(key.str());
    toml::table* sub = node.as_table();
    if (sub && existing && existing->is_table()) {
      merge(*existing->as_table(), *sub, text, child);
    } else if (sub && existing && existing->is_array_of_tables()) {
      merge_into_array(*existing->as_array(), *sub, text, child);
    } else {
      // New, or a value replaced: the reader checks it as the file's.
      put_override(target, key, node);
    }
  }
}

}  // namespace

std::string override_name(const std::string& override_text) {
  return "--set " + quoted_input(override_text);
}

void apply_scene_overrides(toml::table& document, const std::vector<std::string>& overrides) {
  for (const std::string& text : overrides) {
    toml::table source = parse_override(text);
    merge(document, source, text, "");
  }
}

void set_command_line_overrides(std::vector<std::string> overrides) {
  process_overrides() = std::move(overrides);
}

const std::vector<std::string>& command_line_overrides() {
  return process_overrides();
}

}  // namespace weft
