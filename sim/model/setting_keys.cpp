#include "sim/model/setting_keys.h"

#include <array>
#include <cmath>
#include <limits>

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

// The bounds keep a setting one the solver can run (sim/model/model_validation.cpp checks the
// model again with the same limits).
const std::array<SettingKey, 26> kSettings = {{
    // [solver]
    {"solver", "integrator", SettingKind::choice, "-", 0, 0, true, true, "", "`\"verlet\"`",
     "how a substep moves the particles", false, words<kIntegratorKeys>},
    {"solver", "frame_dt", SettingKind::number, "s", 1e-7, 1.0, true, true, "", "1/60",
     "simulated time per frame (scene-wide)", true},
    {"solver", "substeps", SettingKind::integer, "-", 1, 100000, true, true, "", "16",
     "equal substeps per frame", true},
    {"solver", "max_dt", SettingKind::number, "s", 0.0, kUnbounded, false, true, "", "-",
     "instead of substeps: the longest substep", true},
    {"solver", "relaxation_sweeps", SettingKind::integer, "-", 0, 10000, true, true, "", "8",
     "constraint sweeps per substep", false, nullptr,
     [](const SolverSettings& s, const Environment&) { return double(s.relaxation_sweeps); },
     [](SolverSettings& s, Environment&, double v) { s.relaxation_sweeps = uint32_t(v); }},
    {"solver", "damping", SettingKind::number, "1/s", 0.0, kUnbounded, true, true, "", "0",
     "motion decays as exp(-damping t)", true},
    {"solver", "verlet_damping", SettingKind::number, "-", 0.0, 1.0, true, false, "", "-",
     "instead of damping: the share of motion a substep removes", true},
    {"solver", "variant", SettingKind::choice, "-", 0, 0, true, true, "", "`\"auto\"`",
     "the solver path", false, words<kSolverVariantKeys>},
    // [environment]
    {"environment", "gravity", SettingKind::vec3, "m/s^2", 0, 0, true, true, "", "[0, -9.81, 0]",
     "acceleration of every free particle"},
    {"environment", "wind", SettingKind::vec3, "m/s", 0, 0, true, true, "", "[0, 0, 0]",
     "the air's velocity"},
    {"environment", "air_drag", SettingKind::number, "N s/m", 0.0, kUnbounded, true, true, "", "0",
     "per particle: f = -air_drag (v - wind)", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.air_drag); },
     [](SolverSettings&, Environment& e, double v) { e.air_drag = float(v); }},
    {"environment", "air_density", SettingKind::number, "kg/m^3", 0.0, kUnbounded, false, true, "",
     "1.2", "rho of the air on triangles", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.air.density); },
     [](SolverSettings&, Environment& e, double v) { e.air.density = float(v); }},
    {"environment", "drag_coefficient", SettingKind::number, "-", 0.0, kUnbounded, true, true, "",
     "0", "C_D of the air on triangles", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.air.drag_coefficient); },
     [](SolverSettings&, Environment& e, double v) { e.air.drag_coefficient = float(v); }},
    {"environment", "lift_coefficient", SettingKind::number, "-", 0.0, kUnbounded, true, true, "",
     "0", "C_L of the air on triangles", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.air.lift_coefficient); },
     [](SolverSettings&, Environment& e, double v) { e.air.lift_coefficient = float(v); }},
    {"environment", "gust", SettingKind::table, "", 0, 0, true, true, "", "none",
     "wind that varies in space and time"},
    {"environment", "spring_damping", SettingKind::choice, "-", 0, 0, true, true, "", "`\"axial\"`",
     "how spring damping acts", false, words<kSpringDampingKeys>},
    {"environment", "contact_friction", SettingKind::number, "-", 0.0, 1.0, true, true, "", "0",
     "share of tangential motion a contact removes", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.contact_friction); },
     [](SolverSettings&, Environment& e, double v) { e.contact_friction = float(v); }},
    {"environment", "static_friction", SettingKind::number, "-", 0.0, kUnbounded, true, true, "", "0",
     "Coulomb mu_s of the contacts", true},
    {"environment", "kinetic_friction", SettingKind::number, "-", 0.0, kUnbounded, true, true,
     "static_friction", "`static_friction`", "Coulomb mu_k of the contacts", true},
    {"environment", "self_collision", SettingKind::boolean, "bool", 0, 0, true, true, "", "false",
     "cloth-to-cloth contact"},
    {"environment", "self_friction", SettingKind::number, "-", 0.0, kUnbounded, true, true, "", "0.3",
     "Coulomb coefficient between cloth particles", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.self_friction); },
     [](SolverSettings&, Environment& e, double v) { e.self_friction = float(v); }},
    // [environment.ground]
    {"environment.ground", "mode", SettingKind::choice, "-", 0, 0, true, true, "", "`\"none\"`",
     "none, NeHe 40's force, or projection", false, words<kGroundModeKeys>},
    {"environment.ground", "height", SettingKind::number, "m", -kUnbounded, kUnbounded, true, true, "",
     "0", "y of the plane", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.ground.height); },
     [](SolverSettings&, Environment& e, double v) { e.ground.height = float(v); }},
    {"environment.ground", "repulsion", SettingKind::number, "N/m", 0.0, kUnbounded, true, true, "",
     "100", "force mode: its spring below the plane", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.ground.repulsion); },
     [](SolverSettings&, Environment& e, double v) { e.ground.repulsion = float(v); }},
    {"environment.ground", "friction", SettingKind::number, "N s/m", 0.0, kUnbounded, true, true, "",
     "0.2", "force mode: drag along the plane", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.ground.friction); },
     [](SolverSettings&, Environment& e, double v) { e.ground.friction = float(v); }},
    {"environment.ground", "absorption", SettingKind::number, "N s/m", 0.0, kUnbounded, true, true,
     "", "2", "force mode: damping while moving down", false, nullptr,
     [](const SolverSettings&, const Environment& e) { return double(e.ground.absorption); },
     [](SolverSettings&, Environment& e, double v) { e.ground.absorption = float(v); }},
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
  const bool whole = setting.kind == SettingKind::integer;
  const std::string integer = whole ? "integer in " : "";
  const std::string open = setting.min_inclusive ? "[" : "(";
  const std::string close = setting.max_inclusive ? "]" : ")";
  auto bound = [&](double value) {
    return whole ? std::to_string(static_cast<int64_t>(value)) : bound_text(value);
  };
  if (!setting.at_most_key.empty()) {
    return integer + open + bound(setting.min) + ", `" + std::string(setting.at_most_key) +
           "`" + close;
  }
  if (std::isinf(setting.min) && std::isinf(setting.max)) return "finite";
  if (std::isinf(setting.max)) {
    return (setting.min_inclusive ? ">= " : "> ") + bound(setting.min);
  }
  return integer + open + bound(setting.min) + ", " + bound(setting.max) + close;
}

}  // namespace weft
