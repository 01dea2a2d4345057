// [solver] and [environment]: every key optional, each changing only what it names, so that a
// [system.solver] or [system.environment] table overrides the scene's settings key by key. Each
// key's range and words are its entry's in sim/model/setting_keys.h; the keys that stand alone
// are read by walking that list, the others here beside the keys they go with.
#include <cmath>

#include "app/scene/object_keys.h"
#include "app/scene/scene_draft.h"
#include "app/scene/scene_error.h"
#include "sim/model/frame_clock.h"
#include "sim/model/setting_keys.h"

namespace weft {

namespace {

const SettingKey& setting(std::string_view table, std::string_view key) {
  return *find_setting_key(table, key);
}

NumberRange range_of(const SettingKey& s) {
  const char* unit = s.unit == "-" ? "" : s.unit.data();
  return {s.min, s.max, s.min_inclusive, s.max_inclusive, unit};
}

std::optional<double> read_number(const TableReader& table, const SettingKey& s) {
  if (s.kind == SettingKind::integer) {
    const std::optional<int64_t> value =
        table.integer(s.key, static_cast<int64_t>(s.min), static_cast<int64_t>(s.max));
    if (!value) return std::nullopt;
    return static_cast<double>(*value);
  }
  return table.number(s.key, range_of(s));
}

// The keys of `name` that stand alone, each into its place.
void read_plain_keys(const TableReader& table, std::string_view name, SolverSettings& solver,
                     Environment& environment) {
  for (const SettingKey* s : setting_keys_of(name)) {
    if (!s->set || s->with_other_keys) continue;
    std::optional<SettingValue> value;
    switch (s->kind) {
      case SettingKind::number:
      case SettingKind::integer:
        if (const std::optional<double> number = read_number(table, *s)) value = *number;
        break;
      case SettingKind::vec3:
        if (const auto vector = table.vec3(s->key, NumberRange::any(s->unit.data()))) {
          value = *vector;
        }
        break;
      case SettingKind::boolean:
        if (const std::optional<bool> on = table.boolean(s->key)) value = *on;
        break;
      case SettingKind::choice: {
        std::vector<std::string> words;
        for (std::string_view word : s->choices())
          words.emplace_back(word);
        if (const std::optional<std::string> word = table.choice(s->key, words)) {
          s->set(solver, environment, std::string_view(*word));
        }
        break;
      }
      case SettingKind::table: break;
    }
    if (value) s->set(solver, environment, *value);
  }
}

// The most substeps a frame may have (validation's limit too).
int64_t max_substeps() {
  return static_cast<int64_t>(setting("solver", "substeps").max);
}

}  // namespace

void read_solver(const TableReader& table, bool top_level, SolverSpec& spec) {
  SolverSettings& s = spec.settings;
  if (top_level) {
    s.frame_dt = static_cast<float>(
        table.number_or("frame_dt", s.frame_dt, range_of(setting("solver", "frame_dt"))));
    if (!(s.frame_dt > 0.0f)) table.fail("frame_dt", "is too small to be a float > 0");
  } else if (table.has("frame_dt")) {
    table.fail("frame_dt",
               "every system shares the scene's frame_dt (one frame advances all of them by "
               "the same time); set it in [solver]");
  }

  if (table.at_most_one_of({"substeps", "max_dt"}) == "max_dt") {
    spec.max_dt =
        static_cast<float>(*table.number("max_dt", range_of(setting("solver", "max_dt"))));
    if (!(*spec.max_dt > 0.0f)) table.fail("max_dt", "is too small to be a float > 0");
    spec.max_dt_line = table.line_of("max_dt");
  } else if (auto substeps = read_number(table, setting("solver", "substeps"))) {
    s.substeps = static_cast<uint32_t>(*substeps);
    spec.max_dt.reset();  // a system's substeps replace the scene's max_dt
  }
  Environment unused;  // [solver]'s keys are all on the solver settings
  read_plain_keys(table, "solver", s, unused);
  const std::optional<std::string> damping = table.at_most_one_of({"damping", "verlet_damping"});
  if (damping == "damping") {
    s.damping_rate = static_cast<float>(*read_number(table, setting("solver", "damping")));
    spec.verlet_damping.reset();  // a system's rate replaces the scene's per-substep d
  } else if (damping == "verlet_damping") {
    spec.verlet_damping = read_number(table, setting("solver", "verlet_damping"));
  }
}

void resolve_substeps(SolverSpec& spec, const std::string& file) {
  resolve_max_dt(spec, file);
  if (spec.verlet_damping) {
    // d per substep of frame_dt / substeps seconds: the rate that removes as much.
    const double dt = double{spec.settings.frame_dt} / spec.settings.substeps;
    spec.settings.damping_rate = static_cast<float>(-std::log1p(-*spec.verlet_damping) / dt);
  }
}

void resolve_max_dt(SolverSpec& spec, const std::string& file) {
  if (!spec.max_dt) return;
  const double needed = std::floor(double{spec.settings.frame_dt} / double{*spec.max_dt}) + 1.0;
  if (needed > static_cast<double>(max_substeps())) {
    throw SceneError({file, spec.max_dt_line, 0}, "max_dt", "[solver]",
                     "frame_dt / max_dt asks for " + format_number(needed) +
                         " substeps per frame; at most " + std::to_string(max_substeps()));
  }
  // The same split the real-time viewer uses (sim/model/frame_clock.h), so both agree.
  spec.settings.substeps = split_elapsed_time(spec.settings.frame_dt, *spec.max_dt,
                                              static_cast<uint32_t>(max_substeps()))
                               .substeps;
}

// Gusts of the air on triangles (its density and coefficients are read with the plain keys).
void read_air(const TableReader& table, Air& air) {
  if (auto gust = table.table("gust", {"amplitude", "frequency", "scale"})) {
    Gusts& g = air.gusts;
    g.amplitude = gust->required_vec3("amplitude", NumberRange::at_least(0.0, "m/s"));
    if (auto f = gust->number("frequency", NumberRange::above(0.0, "Hz"))) {
      g.frequency = static_cast<float>(*f);
      if (!(g.frequency > 0.0f)) gust->fail("frequency", "is too small to be a float > 0");
    }
    if (auto scale = gust->number("scale", NumberRange::above(0.0, "m"))) {
      g.scale = static_cast<float>(*scale);
      if (!(g.scale > 0.0f)) gust->fail("scale", "is too small to be a float > 0");
    }
    if (!air.on()) {
      gust->fail("amplitude",
                 "gusts blow on triangles: give drag_coefficient or "
                 "lift_coefficient in the same table");
    }
  }
}

void read_environment(const TableReader& table, const SceneParseOptions& options, Environment& env,
                      EnvironmentWords& words) {
  SolverSettings unused;  // [environment]'s keys are all on the environment
  read_plain_keys(table, "environment", unused, env);
  read_air(table, env.air);
  // Coulomb friction: the kinetic coefficient defaults to the static one, and may not exceed it.
  if (auto mu = read_number(table, setting("environment", "static_friction"))) {
    env.static_friction = static_cast<float>(*mu);
    env.kinetic_friction = env.static_friction;
  }
  if (auto mu = read_number(table, setting("environment", "kinetic_friction"))) {
    if (*mu > env.static_friction) {
      table.fail("kinetic_friction", "must be at most static_friction (" +
                                         format_number(env.static_friction) + "), got " +
                                         format_number(*mu));
    }
    env.kinetic_friction = static_cast<float>(*mu);
  }
  if (auto ground = table.table("ground", setting_key_names("environment.ground"))) {
    read_plain_keys(*ground, "environment.ground", unused, env);
  }
  if (table.has("sphere")) {
    env.spheres.clear();  // a system that lists spheres replaces the scene's list
    words.spheres.clear();
    for (const TableReader& sphere :
         table.tables("sphere", object_table_key_names("environment.sphere"))) {
      Sphere s;
      ColliderWords said;
      s.center = sphere.required_vec3("center", key_range("environment.sphere", "center"));
      s.radius = float(sphere.required_number("radius", key_range("environment.sphere", "radius")));
      if (!(s.radius > 0.0f)) sphere.fail("radius", "is too small to be a float > 0");
      read_path(sphere, ColliderPose{s.center}, s.path, said.path_rotate);
      s.friction = read_contact_friction(sphere, "collider");
      env.spheres.push_back(s);
      words.spheres.push_back(std::move(said));
    }
  }
  if (table.has("collider")) {
    env.colliders.clear();  // a system that lists colliders replaces the scene's list
    words.colliders.clear();
    for (const TableReader& collider :
         table.tables("collider", object_table_key_names("environment.collider"))) {
      words.colliders.emplace_back();
      env.colliders.push_back(read_collider(collider, options, words.colliders.back()));
    }
  }
}

}  // namespace weft
