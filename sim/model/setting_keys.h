// The keys of a system's [solver], [environment] and [environment.ground] tables, one entry each:
// its unit, default and range, a line of meaning, how to read and write it on the settings, and
// whether and how the viewer edits it live. The scene reader checks every value against its
// entry and reads the keys that stand alone by walking this list, the scene writer writes them
// the same way, the viewer's panel draws a control for each live one, `weft settings` prints
// it, and a test holds docs/scenes.md's three tables to it. A new setting is one entry here,
// its member in SolverSettings or Environment, and what uses it.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <glm/vec3.hpp>

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

// A setting's value as its entry reads and writes it: a number or an integer as a double, a
// vector, a boolean, or a choice's word (one of its choices()).
using SettingValue = std::variant<double, glm::vec3, bool, std::string_view>;

// How the viewer's panel edits a live setting: its slider's span (inside the range a scene may
// give) and scale, and how a number is shown.
struct PanelSlider {
  double min = 0.0;
  double max = 0.0;
  bool logarithmic = false;
  const char* format = "%.3f";
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
  std::string_view meaning;       // one line for `weft settings` and the panel's tooltip
  // The reader reads it by hand, beside the keys it goes with (frame_dt at the top level only;
  // substeps or max_dt; damping or verlet_damping; static_friction before kinetic_friction);
  // every other key is read by walking this list.
  bool with_other_keys = false;
  // One value for the whole scene (frame_dt): written once, in the scene's [solver].
  bool scene_wide = false;
  // choice: its words, as scene files spell them
  std::vector<std::string_view> (*choices)() = nullptr;
  // The value on the settings, and setting it. None for a key that is another way of giving
  // one that has them (max_dt, verlet_damping) and for gust: the writer writes each key that
  // has them.
  SettingValue (*get)(const SolverSettings& solver, const Environment& environment) = nullptr;
  void (*set)(SolverSettings& solver, Environment& environment,
              const SettingValue& value) = nullptr;
  // A running simulation takes a new value (SolverCore::set_parameters): the viewer's panel
  // gives it a control, in this list's order, shown while `applies` holds (always where none).
  bool live = false;
  PanelSlider slider;  // live numbers and integers, and vectors (each component)
  // A coordinate along this axis of the world (0 x, 1 y, 2 z), or -1: a model holds it in its
  // own frame (Model::origin), the panel shows it in the world and its slider spans the model's.
  int world_axis = -1;
  bool (*applies)(const Environment& environment) = nullptr;
};

// In docs/scenes.md's order: [solver], [environment], [environment.ground].
std::span<const SettingKey> setting_keys();
// The entries of one table, in order.
std::vector<const SettingKey*> setting_keys_of(std::string_view table);
// The keys of one table, as a scene file's reader accepts them.
std::vector<std::string> setting_key_names(std::string_view table);
// nullptr for a key the table does not have.
const SettingKey* find_setting_key(std::string_view table, std::string_view key);

// The setting's value on this model as a scene file states it: a coordinate (world_axis) in the
// world, with the model's origin added; any other as the model holds it.
SettingValue world_value(const SettingKey& setting, const Model& model);
// What a world_axis coordinate adds to go from the model's frame to the world; 0 for any other.
double world_shift(const SettingKey& setting, const Model& model);

// A live setting's slider on these settings: its entry's, up to the value of the key it may not
// exceed (kinetic_friction up to static_friction).
PanelSlider slider_span(const SettingKey& setting, const SolverSettings& solver,
                        const Environment& environment);

// The range as docs/scenes.md's tables and `weft settings` give it: "[1e-07, 1]", "> 0",
// "integer in [1, 100000]", "[0, `static_friction`]", "finite", the words of a choice.
std::string describe_setting_range(const SettingKey& setting);

}  // namespace weft
