// The saved scene's document: [scene], [camera] and [drape_test], the solver and environment of
// each system, its objects, then the [[spring]], [[anchor]] and [[event]] tables that name their
// particles.
//
// One system is written at the top level ([solver], [environment]) with a [[system]] table that
// keeps its name (which names its exports); several are written each with its own
// [system.solver] and [system.environment], complete, over a [solver] that holds only frame_dt.
#include "app/scene/scene_writer.h"

#include "app/scene/scene_origin.h"
#include "app/scene/scene_writer_parts.h"
#include "sim/model/setting_keys.h"

namespace weft {

namespace {

// Each key of `table` that has a value on the settings (sim/model/setting_keys.h), in its order;
// frame_dt only where `scene_wide` asks for it.
void write_setting_keys(std::string& out, std::string_view table, const SolverSettings& solver,
                        const Environment& environment, bool scene_wide = false) {
  for (const SettingKey* setting : setting_keys_of(table)) {
    if (!setting->get || (setting->scene_wide && !scene_wide)) continue;
    put(out, std::string(setting->key), setting_toml(*setting, setting->get(solver, environment)));
  }
}

void write_scene_table(std::string& out, const Scene& scene) {
  out += "[scene]\n";
  put(out, "title", toml_string(scene.title));
  if (!scene.description.empty()) put(out, "description", toml_string(scene.description));
  put(out, "frames", std::to_string(scene.frames));
}

void write_camera(std::string& out, const Scene& scene) {
  if (!scene.camera) return;
  out += "\n[camera]\n";
  put(out, "eye", toml_vec3(scene.camera->eye, "camera eye"));
  put(out, "target", toml_vec3(scene.camera->target, "camera target"));
  put(out, "fov", toml_float(scene.camera->fov_degrees, "camera fov"));
}

void write_drape_test(std::string& out, const Scene& scene) {
  if (!scene.drape_test) return;
  const SceneDrapeTest& test = *scene.drape_test;
  out += "\n[drape_test]\n";
  put(out, "cloth", toml_string(test.cloth));
  put(out, "center", toml_vec3(test.center, "drape_test center"));
  put(out, "support_radius", toml_float(test.support_radius, "drape_test support_radius"));
}

float shared_frame_dt(const Scene& scene) {
  const float frame_dt = scene.frame_dt();
  for (const SceneSystem& system : scene.systems) {
    if (system.model.solver.frame_dt != frame_dt) {
      throw SceneWriteError("system '" + system.name + "' advances " +
                            toml_float(system.model.solver.frame_dt, "frame_dt") +
                            " s per frame and '" + scene.systems.front().name + "' " +
                            toml_float(frame_dt, "frame_dt") +
                            "; a scene file has one frame_dt for all its systems");
    }
  }
  return frame_dt;
}

void write_solver(std::string& out, const std::string& table, const SolverSettings& s,
                  bool frame_dt) {
  out += "\n[" + table + "]\n";
  write_setting_keys(out, "solver", s, Environment{}, frame_dt);
}

void write_environment(std::string& out, const std::string& table, const SceneSystem& system,
                       const std::string& mesh_stem, SceneText& text) {
  const Environment& e = system.model.environment;
  const SolverSettings& solver = system.model.solver;
  out += "\n[" + table + "]\n";
  write_setting_keys(out, "environment", solver, e);
  if (e.air.on()) {  // gusts blow on triangles only: without the air, a file may not have them
    const Gusts& g = e.air.gusts;
    put(out, "gust",
        "{ amplitude = " + toml_vec3(g.amplitude, "gust amplitude") +
            ", frequency = " + toml_float(g.frequency, "gust frequency") +
            ", scale = " + toml_float(g.scale, "gust scale") + " }");
  }
  out += "\n[" + table + ".ground]\n";
  write_setting_keys(out, "environment.ground", solver, e);
  write_colliders(out, table, system, mesh_stem, text);
}

void write_systems(std::string& out, const Scene& scene, const std::string& stem, SceneText& text) {
  const float frame_dt = shared_frame_dt(scene);
  if (scene.systems.size() == 1) {
    const SceneSystem& system = scene.systems.front();
    write_solver(out, "solver", system.model.solver, true);
    write_environment(out, "environment", system, stem, text);
    out += "\n[[system]]\n";
    put(out, "name", toml_string(system.name));
    return;
  }
  out += "\n[solver]\n";
  put(out, "frame_dt", toml_float(frame_dt, "frame_dt"));
  for (const SceneSystem& system : scene.systems) {
    out += "\n[[system]]\n";
    put(out, "name", toml_string(system.name));
    write_solver(out, "system.solver", system.model.solver, false);
    write_environment(out, "system.environment", system, stem + "-" + system.name, text);
  }
}

void write_springs(std::string& out, const SceneSystem& system) {
  const std::vector<Spring>& springs = system.model.springs;
  for (size_t k = springs.size() - system.scene_springs; k < springs.size(); ++k) {
    const Spring& s = springs[k];
    out += "\n[[spring]]\n";
    put(out, "a", toml_string(particle_reference(system, s.a)));
    put(out, "b", toml_string(particle_reference(system, s.b)));
    put(out, "stiffness", toml_float(s.stiffness, "spring stiffness"));
    put(out, "damping", toml_float(s.damping, "spring damping"));
    put(out, "rest_length", toml_float(s.rest_length, "spring rest_length"));
  }
}

void write_anchors(std::string& out, const SceneSystem& system) {
  for (const Anchor& anchor : system.model.anchors) {
    out += "\n[[anchor]]\n";
    put(out, "particle", toml_string(particle_reference(system, anchor.particle)));
    put(out, "velocity", toml_vec3(anchor.velocity, "anchor velocity"));
    put(out, "keep_above_ground", anchor.keep_above_ground ? "true" : "false");
  }
}

void write_events(std::string& out, const SceneSystem& system, SceneText& text) {
  const Model& model = system.model;
  for (const SceneEvent& event : system.events) {
    const bool force = event.kind == SceneEvent::Kind::force;
    const uint32_t particle = force ? event.particle : model.anchors.at(event.anchor).particle;
    const std::string name = particle_reference(system, particle);
    if (force && model.inverse_masses.at(particle) == 0.0f) {
      // A scene file refuses a force on a pinned particle; it would not move it anyway.
      text.notes.push_back("the one-shot force at frame " + std::to_string(event.frame) + " on '" +
                           name +
                           "' is left out: that particle is pinned now, so it would not move it");
      continue;
    }
    out += "\n[[event]]\n";
    put(out, "frame", std::to_string(event.frame));
    put(out, "particle", toml_string(name));
    put(out, force ? "force" : "anchor_velocity",
        toml_vec3(event.value, force ? "event force" : "event anchor_velocity"));
  }
}

}  // namespace

std::string setting_toml(const SettingKey& setting, const SettingValue& value) {
  switch (setting.kind) {
    case SettingKind::integer: return std::to_string(static_cast<int64_t>(std::get<double>(value)));
    case SettingKind::number:
      return toml_float(static_cast<float>(std::get<double>(value)), setting.key);
    case SettingKind::vec3: return toml_vec3(std::get<glm::vec3>(value), setting.key);
    case SettingKind::boolean: return std::get<bool>(value) ? "true" : "false";
    case SettingKind::choice: return toml_string(std::get<std::string_view>(value));
    case SettingKind::table: break;
  }
  return "";
}

SceneText write_scene_text(const Scene& simulated, const std::string& stem) {
  if (simulated.systems.empty()) throw SceneWriteError("the scene has no system to write");
  // A file states positions in the world, not in the frame the scene is simulated in.
  const Scene scene = scene_in_world(simulated);
  SceneText text;
  std::string& out = text.toml;
  out +=
      "# Saved by weft: the scene's initial state with its parameters and pins as they were\n"
      "# when saved (docs/scenes.md gives every key).\n\n";
  write_scene_table(out, scene);
  write_camera(out, scene);
  write_drape_test(out, scene);
  write_systems(out, scene, stem, text);
  const bool system_keys = scene.systems.size() > 1;
  for (const SceneSystem& system : scene.systems) {
    for (const SceneObject& object : system.objects)
      write_object(out, system, object, system_keys, stem, text);
  }
  for (const SceneSystem& system : scene.systems)
    write_springs(out, system);
  for (const SceneSystem& system : scene.systems)
    write_anchors(out, system);
  for (const SceneSystem& system : scene.systems)
    write_events(out, system, text);
  return text;
}

}  // namespace weft
