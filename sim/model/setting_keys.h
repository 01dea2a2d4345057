// The keys of a system's [solver], [environment] and [environment.ground] tables, one entry each:
// its unit, default and range, a line of meaning, and for a key that is one number how to read
// and write it on the settings. The scene reader checks every number against its range here
// (and reads the keys that stand alone by walking this list), `weft settings` prints it, and a
// test holds docs/scenes.md's three tables to it. A new setting is one entry here, its member in
// SolverSettings or Environment, and what uses it.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/model/model.h"

namespace weft {

enum class SettingKind {
  number,   // one real number
  integer,  // one whole number
  vec3,     // [x, y, z], each finite
  choice,   // one of its words
  boolean,  // true or false
  table,    // an inline table of its own (gust)
};

struct SettingKey {
  std::string_view table;  // "solver", "environment" or "environment.ground"
  std::string_view key;
  SettingKind kind = SettingKind::number;
  std::string_view unit;  // "-" for none
  // number and integer: the range a scene may give (max infinite: no upper bound)
  double min = 0.0;
  double max = 0.0;
  bool min_inclusive = true;
  bool max_inclusive = true;
  std::string_view at_most_key;   // another key of the table it may not exceed, or ""
  std::string_view default_text;  // as docs/scenes.md gives it
  std::string_view meaning;       // one line for `weft settings`
  // The reader reads it by hand, beside the keys it goes with (frame_dt at the top level only;
  // substeps or max_dt; damping or verlet_damping; static_friction before kinetic_friction).
  bool with_other_keys = false;
  // choice: its words, as scene files spell them
  std::vector<std::string_view> (*choices)() = nullptr;
  // number and integer keys that stand alone: the value on the settings, and setting it
  double (*get)(const SolverSettings& solver, const Environment& environment) = nullptr;
  void (*set)(SolverSettings& solver, Environment& environment, double value) = nullptr;
};

// In docs/scenes.md's order: [solver], [environment], [environment.ground].
std::span<const SettingKey> setting_keys();
// The entries of one table, in order.
std::vector<const SettingKey*> setting_keys_of(std::string_view table);
// The keys of one table, as a scene file's reader accepts them.
std::vector<std::string> setting_key_names(std::string_view table);
// nullptr for a key the table does not have.
const SettingKey* find_setting_key(std::string_view table, std::string_view key);

// The range as docs/scenes.md's tables and `weft settings` give it: "[1e-07, 1]", "> 0",
// "integer in [1, 100000]", "[0, `static_friction`]", "finite", the words of a choice.
std::string describe_setting_range(const SettingKey& setting);

}  // namespace weft
