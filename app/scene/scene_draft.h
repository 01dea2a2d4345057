// The scene loader's working state, shared by the files that read each part of a scene file
// (scene_file.cpp, scene_settings.cpp, scene_objects.cpp, scene_links.cpp). Not for other users,
// but for the scene writer's use of plane_pose (it must build a plane's pose as reading does).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/scene/scene_systems.h"
#include "app/scene/scene_file.h"
#include "app/scene/table_reader.h"

namespace weft {

// Solver settings as a file states them: substeps directly, or from NeHe's max_dt rule.
struct SolverSpec {
  SolverSettings settings;
  std::optional<float> max_dt;  // s; substeps = int(frame_dt / max_dt) + 1
  uint32_t max_dt_line = 0;
  // GAMES101's per-substep Verlet damping d, made a rate once the substeps are known.
  std::optional<double> verlet_damping;
};

// The words of the environment's spheres and colliders (scene.h), in the order of its lists.
struct EnvironmentWords {
  std::vector<ColliderWords> spheres;
  std::vector<ColliderWords> colliders;
};

struct SystemDraft {
  SceneSystem system;
  SolverSpec solver;
  uint32_t line = 0;  // of its [[system]] header; 0 for the implicit system
};

// Where a named object's particles are, and (meshes) how file vertex numbers map to them.
struct ObjectPlace {
  size_t system = 0;
  size_t object = 0;
  std::vector<uint32_t> vertex_to_particle;  // meshes only: OBJ vertex -> object particle
};

struct SceneDraft {
  const SceneParseOptions* options = nullptr;
  Scene scene;
  std::vector<SystemDraft> systems;
  bool explicit_systems = false;
  std::map<std::string, ObjectPlace> objects;
  uint64_t particles = 0;
  bool resized_cloth = false;  // a [[cloth]] took SceneParseOptions::cloth_columns and rows

  const std::string& file() const { return options->file; }
};

// scene_settings.cpp: [solver] and [environment], also as [system.solver] / [system.environment]
// overrides (only the keys present change). frame_dt is read at the top level only.
void read_solver(const TableReader& table, bool top_level, SolverSpec& spec);
void read_environment(const TableReader& table, const SceneParseOptions& options,
                      Environment& environment, EnvironmentWords& words);
// scene_colliders.cpp: one [[environment.collider]] table and its keys; the path and
// interpolation keys of a collider or sphere whose pose is `rest` when it does not move (each
// keyframe's `rotate`, when given, into `rotates`); the pose of a plane of that normal (any
// length but 0) and offset.
Collider read_collider(const TableReader& table, const SceneParseOptions& options,
                       ColliderWords& words);
void read_path(const TableReader& table, const ColliderPose& rest, ColliderPath& path,
               std::vector<std::optional<glm::vec3>>& rotates);
// A collider's, sphere's or material's own static_friction and kinetic_friction (the kinetic one
// defaults to the static one); none when it gives neither. `owner` names it in messages
// ("collider", "material").
std::optional<ContactFriction> read_contact_friction(const TableReader& table, const char* owner);
ColliderPose plane_pose(const glm::vec3& normal, float offset);
// Turns max_dt into substeps (failing at the max_dt line when that needs too many), and a
// per-substep verlet_damping into a rate at those substeps.
void resolve_substeps(SolverSpec& spec, const std::string& file);
void resolve_max_dt(SolverSpec& spec, const std::string& file);

// scene_paths.cpp: the OBJ mesh a table's `file` key names, relative to the scene's folder and
// inside it (scene_paths.h), read by options.read_mesh; a problem fails at that key. Every mesh a
// scene names ([[mesh]] and mesh colliders alike) is read through here. `path`: the file's path,
// for messages.
ObjMesh read_scene_mesh(const TableReader& table, const SceneParseOptions& options,
                        std::filesystem::path& path);

// scene_objects.cpp: the valid keys of an object table, and one object table ([[particle]],
// [[rope]], [[cloth]] or [[mesh]]).
std::vector<std::string> scene_object_keys(SceneObjectKind kind);
void add_scene_object(SceneDraft& draft, SceneObjectKind kind, const TableReader& table,
                      uint32_t ordinal);

// scene_thickness.cpp: the `thickness` key of a cloth or mesh (given or derived from its spacing)
// as a contact group of its system's model.
// A thickness the file gives is kept in object.thickness.
void read_thickness(const TableReader& table, Model& model, SceneObject& object);

// scene_pins.cpp: the object's [pin] table, applied to its built particles. vertex_to_particle:
// meshes only (pins name OBJ vertices). Corners and a region are kept in object.pin_shapes.
void apply_scene_pins(const TableReader& owner, SceneObjectKind kind, Model& model,
                      SceneObject& object, const std::vector<uint32_t>* vertex_to_particle);

// scene_links.cpp: [[spring]], [[anchor]] and [[event]], which name particles of the objects.
void add_scene_spring(SceneDraft& draft, const TableReader& table);
void add_scene_anchor(SceneDraft& draft, const TableReader& table);
void add_scene_event(SceneDraft& draft, const TableReader& table);

// scene_drape_test.cpp: the [drape_test] table, which names a cloth or mesh of the objects; or
// nothing when the file has none.
std::optional<SceneDrapeTest> read_drape_test(const TableReader& root, const SceneDraft& draft);

}  // namespace weft
