#include "sim/model/setting_keys.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "sim/model/range_text.h"

namespace weft {

namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

template <const auto& keys>
std::vector<std::string_view> words() {
  std::vector<std::string_view> out;
  for (const auto& entry : keys)
    out.push_back(entry.key);
  return out;
}

double number(const SettingValue& value) {
  return std::get<double>(value);
}

// A choice's word as its enum's value (the reader passes only the words choices() lists).
template <const auto& keys>
auto chosen(const SettingValue& value) {
  const std::string_view word = std::get<std::string_view>(value);
  if (const auto v = value_of(keys, word)) return *v;
  throw std::invalid_argument("not one of the setting's words: " + std::string(word));
}

bool ground_by_force(const Environment& e) {
  return e.ground.mode == GroundMode::force;
}

bool air_on_triangles(const Environment& e) {
  return e.air.on();
}

bool with_self_collision(const Environment& e) {
  return e.self_collision;
}

using Solver = SolverSettings;
using Env = Environment;
using Value = SettingValue;

// The bounds keep a setting one the solver can run (sim/model/model_validation.cpp checks the
// model again with the same limits); a slider's span is what a user tries live.
const std::array<SettingKey, 26> kSettings = {{
    // [solver]
    {.table = "solver",
     .key = "integrator",
     .kind = SettingKind::choice,
     .unit = "-",
     .default_text = "`\"verlet\"`",
     .meaning = "how a substep moves the particles (Verlet to Euler starts from rest)",
     .choices = words<kIntegratorKeys>,
     .get = [](const Solver& s, const Env&) -> Value {
       return key_of(kIntegratorKeys, s.integrator);
     },
     .set = [](Solver& s, Env&, const Value& v) { s.integrator = chosen<kIntegratorKeys>(v); },
     .live = true},
    {.table = "solver",
     .key = "frame_dt",
     .unit = "s",
     .min = 1e-7,
     .max = 1.0,
     .default_text = "1/60",
     .meaning = "simulated time per frame (scene-wide)",
     .with_other_keys = true,
     .scene_wide = true,
     .get = [](const Solver& s, const Env&) -> Value { return double(s.frame_dt); },
     .set = [](Solver& s, Env&, const Value& v) { s.frame_dt = float(number(v)); },
     .live = true,
     .slider = {1.0 / 240.0, 1.0 / 15.0, true, "%.4f"}},
    {.table = "solver",
     .key = "substeps",
     .kind = SettingKind::integer,
     .unit = "-",
     .min = 1,
     .max = 100000,
     .default_text = "16",
     .meaning = "equal substeps per frame",
     .with_other_keys = true,
     .get = [](const Solver& s, const Env&) -> Value { return double(s.substeps); },
     .set = [](Solver& s, Env&, const Value& v) { s.substeps = uint32_t(number(v)); },
     .live = true,
     .slider = {1, 64}},
    {.table = "solver",
     .key = "max_dt",
     .unit = "s",
     .min = 0.0,
     .max = kUnbounded,
     .min_inclusive = false,
     .default_text = "-",
     .meaning = "instead of substeps: the longest substep",
     .with_other_keys = true},
    {.table = "solver",
     .key = "relaxation_sweeps",
     .kind = SettingKind::integer,
     .unit = "-",
     .min = 0,
     .max = 10000,
     .default_text = "8",
     .meaning = "constraint sweeps per substep",
     .get = [](const Solver& s, const Env&) -> Value { return double(s.relaxation_sweeps); },
     .set = [](Solver& s, Env&, const Value& v) { s.relaxation_sweeps = uint32_t(number(v)); },
     .live = true,
     .slider = {0, 32}},
    {.table = "solver",
     .key = "damping",
     .unit = "1/s",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "0",
     .meaning = "motion decays as exp(-damping t)",
     .with_other_keys = true,
     .get = [](const Solver& s, const Env&) -> Value { return double(s.damping_rate); },
     .set = [](Solver& s, Env&, const Value& v) { s.damping_rate = float(number(v)); },
     .live = true,
     .slider = {0.0, 50.0, true, "%.2f"}},
    {.table = "solver",
     .key = "verlet_damping",
     .unit = "-",
     .min = 0.0,
     .max = 1.0,
     .max_inclusive = false,
     .default_text = "-",
     .meaning = "instead of damping: the share of motion a substep removes",
     .with_other_keys = true},
    {.table = "solver",
     .key = "variant",
     .kind = SettingKind::choice,
     .unit = "-",
     .default_text = "`\"auto\"`",
     .meaning = "the solver path",
     .choices = words<kSolverVariantKeys>,
     .get = [](const Solver& s, const Env&) -> Value {
       return key_of(kSolverVariantKeys, s.variant);
     },
     .set = [](Solver& s, Env&, const Value& v) { s.variant = chosen<kSolverVariantKeys>(v); }},
    // [environment]
    {.table = "environment",
     .key = "gravity",
     .kind = SettingKind::vec3,
     .unit = "m/s^2",
     .default_text = "[0, -9.81, 0]",
     .meaning = "acceleration of every free particle",
     .get = [](const Solver&, const Env& e) -> Value { return e.gravity; },
     .set = [](Solver&, Env& e, const Value& v) { e.gravity = std::get<glm::vec3>(v); },
     .live = true,
     .slider = {-50.0, 50.0}},
    {.table = "environment",
     .key = "wind",
     .kind = SettingKind::vec3,
     .unit = "m/s",
     .default_text = "[0, 0, 0]",
     .meaning = "the air's velocity",
     .get = [](const Solver&, const Env& e) -> Value { return e.wind; },
     .set = [](Solver&, Env& e, const Value& v) { e.wind = std::get<glm::vec3>(v); },
     .live = true,
     .slider = {-30.0, 30.0}},
    {.table = "environment",
     .key = "air_drag",
     .unit = "N s/m",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "0",
     .meaning = "per particle: f = -air_drag (v - wind)",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.air_drag); },
     .set = [](Solver&, Env& e, const Value& v) { e.air_drag = float(number(v)); },
     .live = true,
     .slider = {0.0, 0.01, true, "%.2e"}},
    {.table = "environment",
     .key = "air_density",
     .unit = "kg/m^3",
     .min = 0.0,
     .max = kUnbounded,
     .min_inclusive = false,
     .default_text = "1.2",
     .meaning = "rho of the air on triangles",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.air.density); },
     .set = [](Solver&, Env& e, const Value& v) { e.air.density = float(number(v)); },
     .live = true,
     .slider = {0.01, 10.0, true, "%.3f"},
     .applies = air_on_triangles},
    {.table = "environment",
     .key = "drag_coefficient",
     .unit = "-",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "0",
     .meaning = "C_D of the air on triangles (a running cloth keeps the air on or off)",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.air.drag_coefficient); },
     .set = [](Solver&, Env& e, const Value& v) { e.air.drag_coefficient = float(number(v)); },
     .live = true,
     .slider = {0.0, 3.0},
     .applies = air_on_triangles},
    {.table = "environment",
     .key = "lift_coefficient",
     .unit = "-",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "0",
     .meaning = "C_L of the air on triangles (a running cloth keeps the air on or off)",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.air.lift_coefficient); },
     .set = [](Solver&, Env& e, const Value& v) { e.air.lift_coefficient = float(number(v)); },
     .live = true,
     .slider = {0.0, 3.0},
     .applies = air_on_triangles},
    {.table = "environment",
     .key = "gust",
     .kind = SettingKind::table,
     .default_text = "none",
     .meaning = "wind that varies in space and time"},
    {.table = "environment",
     .key = "spring_damping",
     .kind = SettingKind::choice,
     .unit = "-",
     .default_text = "`\"axial\"`",
     .meaning = "how spring damping acts",
     .choices = words<kSpringDampingKeys>,
     .get = [](const Solver&, const Env& e) -> Value {
       return key_of(kSpringDampingKeys, e.spring_damping);
     },
     .set = [](Solver&, Env& e,
               const Value& v) { e.spring_damping = chosen<kSpringDampingKeys>(v); },
     .live = true},
    {.table = "environment",
     .key = "contact_friction",
     .unit = "-",
     .min = 0.0,
     .max = 1.0,
     .default_text = "0",
     .meaning = "share of tangential motion a contact removes",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.contact_friction); },
     .set = [](Solver&, Env& e, const Value& v) { e.contact_friction = float(number(v)); },
     .live = true,
     .slider = {0.0, 1.0}},
    {.table = "environment",
     .key = "static_friction",
     .unit = "-",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "0",
     .meaning = "Coulomb mu_s of the contacts",
     .with_other_keys = true,
     .get = [](const Solver&, const Env& e) -> Value { return double(e.static_friction); },
     .set = [](Solver&, Env& e, const Value& v) { e.static_friction = float(number(v)); },
     .live = true,
     .slider = {0.0, 2.0}},
    {.table = "environment",
     .key = "kinetic_friction",
     .unit = "-",
     .min = 0.0,
     .max = kUnbounded,
     .at_most_key = "static_friction",
     .default_text = "`static_friction`",
     .meaning = "Coulomb mu_k of the contacts",
     .with_other_keys = true,
     .get = [](const Solver&, const Env& e) -> Value { return double(e.kinetic_friction); },
     .set = [](Solver&, Env& e, const Value& v) { e.kinetic_friction = float(number(v)); },
     .live = true,
     .slider = {0.0, 2.0}},
    {.table = "environment",
     .key = "self_collision",
     .kind = SettingKind::boolean,
     .unit = "bool",
     .default_text = "false",
     .meaning = "cloth-to-cloth contact",
     .get = [](const Solver&, const Env& e) -> Value { return e.self_collision; },
     .set = [](Solver&, Env& e, const Value& v) { e.self_collision = std::get<bool>(v); }},
    {.table = "environment",
     .key = "self_friction",
     .unit = "-",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "0.3",
     .meaning = "Coulomb coefficient between cloth particles",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.self_friction); },
     .set = [](Solver&, Env& e, const Value& v) { e.self_friction = float(number(v)); },
     .live = true,
     .slider = {0.0, 2.0},
     .applies = with_self_collision},
    // [environment.ground]
    {.table = "environment.ground",
     .key = "mode",
     .kind = SettingKind::choice,
     .unit = "-",
     .default_text = "`\"none\"`",
     .meaning = "none, NeHe 40's force, or projection",
     .choices = words<kGroundModeKeys>,
     .get = [](const Solver&, const Env& e) -> Value {
       return key_of(kGroundModeKeys, e.ground.mode);
     },
     .set = [](Solver&, Env& e, const Value& v) { e.ground.mode = chosen<kGroundModeKeys>(v); },
     .live = true},
    {.table = "environment.ground",
     .key = "height",
     .unit = "m",
     .min = -kUnbounded,
     .max = kUnbounded,
     .default_text = "0",
     .meaning = "y of the plane",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.ground.height); },
     .set = [](Solver&, Env& e, const Value& v) { e.ground.height = float(number(v)); },
     .live = true,
     .slider = {-3.0, 2.0},
     .world_axis = 1},
    {.table = "environment.ground",
     .key = "repulsion",
     .unit = "N/m",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "100",
     .meaning = "force mode: its spring below the plane",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.ground.repulsion); },
     .set = [](Solver&, Env& e, const Value& v) { e.ground.repulsion = float(number(v)); },
     .live = true,
     .slider = {0.0, 1.0, true, "%.2e"},
     .applies = ground_by_force},
    {.table = "environment.ground",
     .key = "friction",
     .unit = "N s/m",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "0.2",
     .meaning = "force mode: drag along the plane",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.ground.friction); },
     .set = [](Solver&, Env& e, const Value& v) { e.ground.friction = float(number(v)); },
     .live = true,
     .slider = {0.0, 0.01, true, "%.2e"},
     .applies = ground_by_force},
    {.table = "environment.ground",
     .key = "absorption",
     .unit = "N s/m",
     .min = 0.0,
     .max = kUnbounded,
     .default_text = "2",
     .meaning = "force mode: damping while moving down",
     .get = [](const Solver&, const Env& e) -> Value { return double(e.ground.absorption); },
     .set = [](Solver&, Env& e, const Value& v) { e.ground.absorption = float(number(v)); },
     .live = true,
     .slider = {0.0, 0.1, true, "%.2e"},
     .applies = ground_by_force},
}};

}  // namespace

std::span<const SettingKey> setting_keys() {
  return kSettings;
}

std::vector<const SettingKey*> setting_keys_of(std::string_view table) {
  std::vector<const SettingKey*> out;
  for (const SettingKey& setting : setting_keys()) {
    if (setting.table == table) out.push_back(&setting);
  }
  return out;
}

std::vector<std::string> setting_key_names(std::string_view table) {
  std::vector<std::string> out;
  for (const SettingKey* setting : setting_keys_of(table))
    out.emplace_back(setting->key);
  return out;
}

const SettingKey* find_setting_key(std::string_view table, std::string_view key) {
  for (const SettingKey& setting : setting_keys()) {
    if (setting.table == table && setting.key == key) return &setting;
  }
  return nullptr;
}

double world_shift(const SettingKey& setting, const Model& model) {
  return setting.world_axis >= 0 ? model.origin[setting.world_axis] : 0.0;
}

SettingValue world_value(const SettingKey& setting, const Model& model) {
  const SettingValue value = setting.get(model.solver, model.environment);
  const double shift = world_shift(setting, model);
  return shift != 0.0 ? SettingValue(std::get<double>(value) + shift) : value;
}

PanelSlider slider_span(const SettingKey& setting, const SolverSettings& solver,
                        const Environment& environment) {
  PanelSlider span = setting.slider;
  if (!setting.at_most_key.empty()) {
    const SettingKey& bound = *find_setting_key(setting.table, setting.at_most_key);
    span.max = std::min(span.max, std::get<double>(bound.get(solver, environment)));
  }
  return span;
}

std::string describe_setting_range(const SettingKey& setting) {
  switch (setting.kind) {
    case SettingKind::vec3: return "finite";
    case SettingKind::boolean:
    case SettingKind::table: return "";
    case SettingKind::choice: {
      std::string out;
      for (std::string_view word : setting.choices()) {
        if (!out.empty()) out += ", ";
        out += "`\"" + std::string(word) + "\"`";
      }
      return out;
    }
    case SettingKind::number:
    case SettingKind::integer: break;
  }
  const std::string at_most =
      setting.at_most_key.empty() ? "" : "`" + std::string(setting.at_most_key) + "`";
  return range_text(setting.min, setting.max, setting.min_inclusive, setting.max_inclusive,
                    setting.kind == SettingKind::integer, at_most);
}

}  // namespace weft
