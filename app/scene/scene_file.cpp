// The top level of a scene file: [scene], [solver], [environment], [[system]], then the objects
// in file order (so particle numbering follows the file), then what links them.
#include "app/scene/scene_file.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "app/scene/data_folder.h"
#include "app/scene/names.h"
#include "app/scene/safe_text.h"
#include "app/scene/scene_draft.h"
#include "app/scene/text_file.h"
#include "app/scene/scene_error.h"
#include "app/scene/scene_overrides.h"
#include "app/scene/toml_precheck.h"
#include "sim/model/model_error.h"
#include "app/scene/scene_camera.h"
#include "app/scene/scene_origin.h"
#include "sim/model/model_validation.h"
#include "sim/model/setting_keys.h"

namespace weft {

namespace {

const std::vector<std::string> kTopLevelKeys = {
    "scene", "solver", "environment", "system", "particle", "rope",      "cloth",
    "mesh",  "spring", "anchor",      "event",  "camera",   "drape_test"};
// The settings' keys (sim/model/setting_keys.h), and the environment's tables of their own.
const std::vector<std::string> kSolverKeys = setting_key_names("solver");
const std::vector<std::string> kEnvironmentKeys = [] {
  std::vector<std::string> keys = setting_key_names("environment");
  keys.insert(keys.end(), {"ground", "sphere", "collider"});
  return keys;
}();

toml::table parse_toml(std::string_view text, const std::string& file) {
  check_toml_characters(text, file);
  try {
    return toml::parse(text, file);
  } catch (const toml::parse_error& error) {
    const toml::source_region& where = error.source();
    throw SceneError(
        {file, static_cast<uint32_t>(where.begin.line), static_cast<uint32_t>(where.begin.column)},
        "", "", "TOML syntax error: " + std::string(error.description()));
  }
}

// A scene without [[system]] tables has one system, named after the file (its exports are then
// flag_in_wind_000010.obj rather than main_000010.obj).
// The file name is made a valid name (names.h): other characters become '_', and a name that
// would start with a digit or '-' gets a leading '_' (2d_cloth.toml -> _2d_cloth).
std::string implicit_system_name(const std::string& file) {
  std::string name = std::filesystem::path(file).stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') c = '_';
  }
  if (name.empty()) return "main";
  if (!std::isalpha(static_cast<unsigned char>(name[0])) && name[0] != '_') name = "_" + name;
  return name.substr(0, kMaxNameLength);
}

void read_scene_table(SceneDraft& draft, const TableReader& root) {
  auto scene = root.table("scene", {"title", "description", "frames"});
  if (!scene) return;
  draft.scene.title = scene->string("title").value_or("");
  // The title is printed as one line of the report: a line break could forge the lines after it.
  if (draft.scene.title.find_first_of("\n\t") != std::string::npos) {
    scene->fail("title", "must be one line (no line feed or tab); use description for more");
  }
  draft.scene.description = scene->string("description").value_or("");
  draft.scene.frames = uint32_t(scene->integer("frames", 1, 10000000).value_or(120));
}

// Each system starts from the scene's environment (and the words of its colliders).
void adopt_environment(SceneSystem& system, const Environment& environment,
                       const EnvironmentWords& words) {
  system.model.environment = environment;
  system.sphere_words = words.spheres;
  system.collider_words = words.colliders;
}

void read_systems(SceneDraft& draft, const TableReader& root, const SolverSpec& solver,
                  const Environment& environment, const EnvironmentWords& words) {
  std::vector<TableReader> tables =
      root.tables("system", {"name", "description", "solver", "environment"});
  draft.explicit_systems = !tables.empty();
  if (tables.empty()) {
    SystemDraft system;
    system.system.name = implicit_system_name(draft.file());
    system.solver = solver;
    adopt_environment(system.system, environment, words);
    draft.systems.push_back(std::move(system));
    return;
  }
  for (const TableReader& table : tables) {
    SystemDraft system;
    system.line = table.line();
    system.system.name = table.required_string("name");
    // The name becomes part of every export file's name: it must be a name, not a path.
    if (auto problem = name_problem(system.system.name)) {
      table.fail("name", "'" + quoted_input(system.system.name) + "' is not a valid name: it " +
                             *problem + "; " + name_rule());
    }
    for (const SystemDraft& other : draft.systems) {
      if (other.system.name == system.system.name) {
        table.fail("name", "another [[system]] is already called '" + system.system.name + "'");
      }
    }
    table.string("description");
    system.solver = solver;
    if (auto overrides = table.table("solver", kSolverKeys)) {
      read_solver(*overrides, false, system.solver);
    }
    Environment own = environment;
    EnvironmentWords own_words = words;
    if (auto overrides = table.table("environment", kEnvironmentKeys)) {
      read_environment(*overrides, *draft.options, own, own_words);
    }
    adopt_environment(system.system, own, own_words);
    draft.systems.push_back(std::move(system));
  }
}

// Every object table in file order, whatever its kind.
struct ObjectTable {
  SceneObjectKind kind;
  TableReader table;
  uint32_t ordinal;  // 1-based among objects of its kind, for default names
};

std::vector<ObjectTable> object_tables(const TableReader& root) {
  std::vector<ObjectTable> out;
  for (SceneObjectKind kind : {SceneObjectKind::particle, SceneObjectKind::rope,
                               SceneObjectKind::cloth, SceneObjectKind::mesh}) {
    uint32_t ordinal = 0;
    for (TableReader& table : root.tables(object_kind_name(kind), scene_object_keys(kind))) {
      out.push_back({kind, std::move(table), ++ordinal});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const ObjectTable& a, const ObjectTable& b) {
    return a.table.line() < b.table.line();
  });
  return out;
}

void finish_systems(SceneDraft& draft) {
  for (SystemDraft& draft_system : draft.systems) {
    SceneSystem& system = draft_system.system;
    const SceneLocation where{draft.file(), draft_system.line, 0};
    const std::string table = draft.explicit_systems ? "[[system]] '" + system.name + "'" : "";
    if (system.objects.empty()) {
      throw SceneError(where, "", table,
                       draft.explicit_systems
                           ? "the system has no objects (name it in an object's system key)"
                           : "the scene has no objects: add a [[particle]], [[rope]], "
                             "[[cloth]] or [[mesh]]");
    }
    resolve_substeps(draft_system.solver, draft.file());
    system.model.solver = draft_system.solver.settings;
    std::stable_sort(system.events.begin(), system.events.end(),
                     [](const SceneEvent& a, const SceneEvent& b) { return a.frame < b.frame; });
    try {
      validate_model(system.model);
    } catch (const ModelError& error) {
      throw SceneError(where, "", table, error.what());
    }
    draft.scene.systems.push_back(std::move(system));
  }
}

}  // namespace

Scene parse_scene(std::string_view text, const SceneParseOptions& options) {
  toml::table document = parse_toml(text, options.file);
  apply_scene_overrides(document, options.overrides);
  const TableReader root(document, "", options.file, kTopLevelKeys);
  SceneDraft draft;
  draft.options = &options;
  read_scene_table(draft, root);
  draft.scene.camera = read_scene_camera(root);

  SolverSpec solver;
  if (auto table = root.table("solver", kSolverKeys)) read_solver(*table, true, solver);
  Environment environment;
  EnvironmentWords words;
  if (auto table = root.table("environment", kEnvironmentKeys)) {
    read_environment(*table, options, environment, words);
  }
  read_systems(draft, root, solver, environment, words);

  for (const ObjectTable& object : object_tables(root)) {
    add_scene_object(draft, object.kind, object.table, object.ordinal);
  }
  if (options.cloth_columns != 0 && !draft.resized_cloth) {
    throw SceneError({options.file, 0, 0}, "", "",
                     "--columns and --rows resize a scene's cloth, and this scene has no "
                     "[[cloth]]");
  }
  std::vector<size_t> object_springs;
  for (const SystemDraft& system : draft.systems)
    object_springs.push_back(system.system.model.springs.size());
  for (const TableReader& table :
       root.tables("spring", {"a", "b", "stiffness", "damping", "rest_length"})) {
    add_scene_spring(draft, table);
  }
  for (size_t s = 0; s < draft.systems.size(); ++s) {
    SceneSystem& system = draft.systems[s].system;
    system.scene_springs = uint32_t(system.model.springs.size() - object_springs[s]);
  }
  for (const TableReader& table :
       root.tables("anchor", {"particle", "velocity", "keep_above_ground"})) {
    add_scene_anchor(draft, table);
  }
  for (const TableReader& table :
       root.tables("event", {"frame", "particle", "force", "anchor_velocity"})) {
    add_scene_event(draft, table);
  }
  draft.scene.drape_test = read_drape_test(root, draft);
  finish_systems(draft);
  centre_scene(draft.scene);
  return std::move(draft.scene);
}

Scene load_scene(const std::filesystem::path& path) {
  return load_scene(path, 0, 0);
}

Scene load_scene(const std::filesystem::path& given, uint32_t cloth_columns, uint32_t cloth_rows) {
  const std::optional<std::filesystem::path> shipped = shipped_scene(given);
  const std::filesystem::path path = shipped.value_or(given);
  const std::string name = path.string();
  const TextFile file = read_text_file(path, kMaxSceneFileBytes);
  switch (file.status) {
    case TextFile::Status::read: break;
    case TextFile::Status::missing: throw SceneError({name, 0, 0}, "", "", "scene file not found");
    case TextFile::Status::not_a_file: throw SceneError({name, 0, 0}, "", "", "not a regular file");
    case TextFile::Status::unreadable:
      throw SceneError({name, 0, 0}, "", "", "scene file cannot be read: " + file.reason);
    case TextFile::Status::too_large:
      throw SceneError(
          {name, 0, 0}, "", "",
          "scene file is " + file.reason + " (larger scenes belong in OBJ meshes the scene names)");
  }
  SceneParseOptions options;
  options.file = name;
  options.base_directory = path.parent_path();
  options.particle_budget = particle_budget();
  options.cloth_columns = cloth_columns;
  options.cloth_rows = cloth_rows;
  options.overrides = command_line_overrides();
  Scene scene = parse_scene(file.text, options);
  scene.source = path;
  if (shipped) {
    scene.notes.push_back(given.string() + " is not in this folder: read " + name +
                          ", the scene weft ships");
  }
  return scene;
}

}  // namespace weft
