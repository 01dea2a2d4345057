// The objects of a scene file: [[particle]], [[rope]], [[cloth]] and [[mesh]]. Each becomes
// particles and links of its system's model through the topology builders of sim/; pins are
// applied after building, so that a region can be tested against the built positions.
#include <algorithm>
#include <cctype>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "app/scene/closest_match.h"
#include "app/scene/mesh_repair.h"
#include "app/scene/names.h"
#include "app/scene/object_keys.h"
#include "app/scene/safe_text.h"
#include "app/scene/scene_colors.h"
#include "app/scene/scene_draft.h"
#include "app/scene/scene_error.h"
#include "app/scene/scene_material.h"
#include "app/scene/scene_paths.h"
#include "sim/model/cloth_grid.h"
#include "sim/model/model_error.h"
#include "sim/model/rope.h"
#include "sim/model/surface_area.h"
#include "sim/model/triangle_mesh.h"

namespace weft {

namespace {

std::string read_name(const SceneDraft& draft, const TableReader& table, SceneObjectKind kind,
                      uint32_t ordinal) {
  std::string name = std::string(object_kind_name(kind)) + std::to_string(ordinal);
  if (auto given = table.string("name")) {
    if (auto problem = name_problem(*given)) {
      table.fail("name", "'" + quoted_input(*given) + "' is not a valid name: it " + *problem +
                             "; " + name_rule());
    }
    name = *given;
  }
  if (draft.objects.count(name)) {
    table.fail("name", "another object is already called '" + name + "'; names must be unique");
  }
  return name;
}

size_t read_system(const SceneDraft& draft, const TableReader& table) {
  std::vector<std::string> names;
  for (const SystemDraft& s : draft.systems)
    names.push_back(s.system.name);
  const std::optional<std::string> chosen = table.string("system");
  if (!chosen) {
    if (draft.systems.size() == 1) return 0;
    table.fail("system",
               "missing; this scene has several systems, so each object must name "
               "one of " +
                   quoted_list(names));
  }
  if (!draft.explicit_systems) {
    table.fail("system",
               "the scene declares no [[system]]; remove this key or add a [[system]] "
               "named '" +
                   *chosen + "'");
  }
  for (size_t s = 0; s < names.size(); ++s) {
    if (names[s] == *chosen) return s;
  }
  table.fail("system", "no [[system]] is named '" + *chosen + "'; expected " + quoted_list(names));
}

void check_budget(SceneDraft& draft, const TableReader& table, std::string_view key,
                  uint64_t count) {
  const ParticleBudget& budget = draft.options->particle_budget;
  if (draft.particles + count > budget.max_particles) {
    table.fail(key, "this object has " + std::to_string(count) +
                        " particles, which brings the scene to " +
                        std::to_string(draft.particles + count) + "; at most " +
                        std::to_string(budget.max_particles) + " fit (" + budget.limited_by + ")");
  }
  draft.particles += count;
}

// A link table ([rope.segment], [cloth.shear], ...): a spring, a distance constraint or nothing.
LinkMaterial read_link(const TableReader& owner, std::string_view key, bool required) {
  auto table = owner.table(key, object_table_key_names("link"));
  if (!table) {
    if (required)
      owner.fail(key,
                 "missing; describe the link as a table with kind = 'spring' "
                 "(stiffness, damping) or 'constraint' (compliance)");
    return {LinkKind::none, 0.0f, 0.0f, 0.0f};
  }
  LinkKind kind = LinkKind::none;
  if (auto given = table->choice("kind", kLinkKindKeys)) {
    kind = *given;
  } else if (table->has("stiffness")) {
    kind = LinkKind::spring;
  } else if (table->has("compliance")) {
    kind = LinkKind::constraint;
  } else {
    table->fail("kind", "missing; set kind = 'spring' (with stiffness) or 'constraint'");
  }
  LinkMaterial link;
  link.kind = kind;
  if (kind == LinkKind::none) {
    for (const char* other : {"stiffness", "damping", "compliance"}) {
      if (table->has(other)) table->fail(other, "a link of kind 'none' has no parameters");
    }
  } else if (kind == LinkKind::spring_and_constraint) {
    link.stiffness = float(table->required_number("stiffness", key_range("link", "stiffness")));
    link.damping = float(table->number_or("damping", 0.0, key_range("link", "damping")));
    link.compliance = float(table->number_or("compliance", 0.0, key_range("link", "compliance")));
  } else if (kind == LinkKind::spring) {
    if (table->has("compliance")) {
      table->fail("compliance",
                  "only constraints have a compliance; this link is a spring "
                  "(use stiffness, or kind = 'constraint')");
    }
    link.stiffness = float(table->required_number("stiffness", key_range("link", "stiffness")));
    link.damping = float(table->number_or("damping", 0.0, key_range("link", "damping")));
  } else {
    for (const char* other : {"stiffness", "damping"}) {
      if (table->has(other)) {
        table->fail(other,
                    "only springs have stiffness and damping; this link is a constraint "
                    "(use compliance, or kind = 'spring')");
      }
    }
    link.compliance = float(table->number_or("compliance", 0.0, key_range("link", "compliance")));
  }
  return link;
}

// The mass of each particle, from whichever of the mass keys the table uses: per particle, or a
// total spread evenly over them (a rope's nodes).
float read_particle_mass(const TableReader& table, uint64_t particles,
                         const char* per_particle_key) {
  const std::vector<std::string> keys = {per_particle_key, "total_mass"};
  const std::optional<std::string> key = table.at_most_one_of(keys);
  if (!key) table.fail(per_particle_key, "missing; give the mass as " + quoted_list(keys));
  double mass = *table.number(*key, key_range("mass", *key));
  if (*key == "total_mass") mass /= static_cast<double>(particles);
  if (!(mass >= 1e-30 && mass <= 1e30)) {
    table.fail(*key, "gives each particle " + format_number(mass) +
                         " kg, outside what the solver can use (1e-30 to 1e30 kg)");
  }
  return static_cast<float>(mass);
}

// A cloth's or a mesh's mass: the same for every particle (particle_mass), or by area
// (areal_density, or total_mass over the area): then each particle weighs its share of the
// surface, as a material's cloth does.
struct SurfaceMass {
  float particle_mass = 0.0f;  // kg, when given per particle
  float areal_density = 0.0f;  // kg/m^2, when given by area
};

SurfaceMass read_surface_mass(const TableReader& table, uint64_t particles, double area) {
  const std::vector<std::string> keys = {"particle_mass", "total_mass", "areal_density"};
  const std::optional<std::string> key = table.at_most_one_of(keys);
  if (!key) table.fail("particle_mass", "missing; give the mass as " + quoted_list(keys));
  SurfaceMass mass;
  double per_particle = 0.0;
  if (*key == "particle_mass") {
    per_particle = *table.number(*key, key_range("mass", *key));
    mass.particle_mass = static_cast<float>(per_particle);
  } else {
    const double given = *table.number(*key, key_range("mass", *key));
    const double density = *key == "total_mass" ? given / area : given;
    per_particle = density * area / static_cast<double>(particles);
    mass.areal_density = static_cast<float>(density);
  }
  if (!(per_particle >= 1e-30 && per_particle <= 1e30)) {
    table.fail(*key, "gives each particle about " + format_number(per_particle) +
                         " kg, outside what the solver can use (1e-30 to 1e30 kg)");
  }
  return mass;
}

void build_particle(const TableReader& table, Model& model, SceneObject& object) {
  const glm::vec3 position = table.required_vec3("position", key_range("particle", "position"));
  const glm::vec3 velocity =
      table.vec3("velocity", key_range("particle", "velocity")).value_or(glm::vec3(0));
  const bool pinned = table.boolean("pinned").value_or(false);
  float inverse_mass = 0.0f;
  if (!pinned) {
    inverse_mass = 1.0f / float(table.required_number("mass", key_range("particle", "mass")));
  } else if (table.has("mass")) {
    table.fail("mass", "a pinned particle has no use for a mass (it never moves)");
  }
  object.first_particle = model.add_particle(position, inverse_mass);
  object.particle_count = 1;
  model.velocities.back() = velocity;
}

void build_rope(SceneDraft& draft, const TableReader& table, Model& model, SceneObject& object) {
  RopeDesc rope;
  rope.start = table.required_vec3("start", key_range("rope", "start"));
  rope.end = table.required_vec3("end", key_range("rope", "end"));
  rope.node_count = uint32_t(required_integer_key(table, "rope", "nodes"));
  check_budget(draft, table, "nodes", rope.node_count);
  rope.node_mass = read_particle_mass(table, rope.node_count, "node_mass");
  rope.segment = read_link(table, "segment", true);
  object.first_particle = add_rope(model, rope);
  object.particle_count = rope.node_count;
  object.rope = rope;
}

void build_cloth(SceneDraft& draft, const TableReader& table, Model& model, SceneObject& object) {
  ClothGridDesc cloth;
  cloth.origin = table.vec3("origin", key_range("cloth", "origin")).value_or(cloth.origin);
  cloth.width_axis =
      table.vec3("width_axis", key_range("cloth", "width_axis")).value_or(cloth.width_axis);
  cloth.height_axis =
      table.vec3("height_axis", key_range("cloth", "height_axis")).value_or(cloth.height_axis);
  cloth.columns = uint32_t(required_integer_key(table, "cloth", "columns"));
  cloth.rows = uint32_t(required_integer_key(table, "cloth", "rows"));
  if (draft.options->cloth_columns != 0) {
    // --columns/--rows: this cloth at another resolution; pins by node number would move.
    if (draft.resized_cloth) {
      table.fail_table(
          "--columns and --rows resize a scene's only cloth; this scene has more "
          "than one");
    }
    if (auto pin = table.table("pin", object_table_key_names("pin")); pin && pin->has("nodes")) {
      pin->fail("nodes",
                "pins by node number do not carry over to --columns and --rows; pin "
                "corners or a region instead");
    }
    draft.resized_cloth = true;
    cloth.columns = draft.options->cloth_columns;
    cloth.rows = draft.options->cloth_rows;
  }
  const uint64_t count = uint64_t{cloth.columns} * cloth.rows;
  check_budget(draft, table, "rows", count);
  const double area =
      glm::length(glm::cross(glm::dvec3(cloth.width_axis), glm::dvec3(cloth.height_axis)));
  if (!(area > 0.0)) {
    table.fail(table.has("height_axis") ? "height_axis" : "width_axis",
               "width_axis and height_axis must be non-zero and not parallel");
  }
  if (auto material = read_cloth_material(
          table, {"structural", "shear", "bend", "particle_mass", "total_mass", "areal_density"})) {
    apply_cloth_material(*material, cloth);
    object.material = material;
  } else {
    if (draft.options->cloth_columns != 0) {
      draft.scene.notes.push_back(
          "cloth '" + object.name +
          "' gives its links per link, not as a material: at another resolution it is another "
          "material (docs/scenes.md, Materials)");
    }
    const SurfaceMass mass = read_surface_mass(table, count, area);
    cloth.particle_mass = mass.particle_mass;
    cloth.areal_density = mass.areal_density;
    cloth.structural = read_link(table, "structural", true);
    cloth.shear = read_link(table, "shear", false);
    cloth.bend = read_link(table, "bend", false);
  }
  object.first_particle = add_cloth_grid(model, cloth);
  object.particle_count = uint32_t(count);
  object.columns = cloth.columns;
  object.rows = cloth.rows;
  object.cloth = cloth;
}

// scale, rotate and translate into `source`; the matrix they make.
glm::mat4 read_placement(const TableReader& table, SceneMeshSource& source) {
  glm::vec3 scale(1.0f);
  if (const toml::node* node = table.node("scale"); node && node->is_array()) {
    scale = *table.vec3("scale", key_range("mesh", "scale"));
  } else if (auto uniform = table.number("scale", key_range("mesh", "scale"))) {
    scale = glm::vec3(float(*uniform));
  }
  if (scale.x == 0.0f || scale.y == 0.0f || scale.z == 0.0f) {
    table.fail("scale", "must not be 0 along any axis (it would flatten the mesh)");
  }
  const glm::vec3 degrees =
      table.vec3("rotate", key_range("mesh", "rotate")).value_or(glm::vec3(0));
  const glm::vec3 translate =
      table.vec3("translate", key_range("mesh", "translate")).value_or(glm::vec3(0));
  source.scale = scale;
  source.rotate = degrees;
  source.translate = translate;
  glm::mat4 m = glm::translate(glm::mat4(1.0f), translate);
  m = glm::rotate(m, glm::radians(degrees.z), {0, 0, 1});
  m = glm::rotate(m, glm::radians(degrees.y), {0, 1, 0});
  m = glm::rotate(m, glm::radians(degrees.x), {1, 0, 0});
  return glm::scale(m, scale);
}

void build_mesh(SceneDraft& draft, const TableReader& table, Model& model, SceneObject& object,
                ObjectPlace& place) {
  std::filesystem::path path;
  const ObjMesh obj = read_scene_mesh(table, *draft.options, path);
  const bool repair = table.boolean("repair").value_or(true);
  SceneMeshSource source;
  const glm::mat4 placement = read_placement(table, source);
  RepairedMesh mesh;
  try {
    mesh = repair_mesh(obj, repair, path.string());
  } catch (const SceneError& error) {
    table.fail("file", error.what());
  }
  if (mesh.report.changed()) {
    draft.scene.notes.push_back("mesh '" + object.name + "' (" + path.string() +
                                "): " + mesh.report.summary());
  }
  check_budget(draft, table, "file", mesh.vertices.size());
  TriangleMeshDesc desc;
  for (const glm::vec3& v : mesh.vertices)
    desc.vertices.push_back(glm::vec3(placement * glm::vec4(v, 1.0f)));
  const double area = surface_area(desc.vertices, mesh.triangles);
  desc.triangles = mesh.triangles;
  if (auto material = read_cloth_material(
          table, {"edge", "bend", "particle_mass", "total_mass", "areal_density"})) {
    refuse_tearing_material(table, *material);
    apply_cloth_material(*material, desc);
    // The material gives a mass per area: a mesh of (almost) no area gives its particles none.
    const double mean_mass = double{desc.areal_density} * area / double(desc.vertices.size());
    if (!(mean_mass >= 1e-30 && mean_mass <= 1e30)) {
      table.fail("material", "gives each particle " + format_number(mean_mass) +
                                 " kg over the mesh's area of " + format_number(area) +
                                 " m^2, outside what the solver can use (1e-30 to 1e30 kg)");
    }
    object.material = material;
  } else {
    const SurfaceMass mass = read_surface_mass(table, desc.vertices.size(), area);
    desc.particle_mass = mass.particle_mass;
    desc.areal_density = mass.areal_density;
    desc.edge = read_link(table, "edge", true);
    desc.bend = read_link(table, "bend", false);
  }
  object.first_particle = add_triangle_mesh(model, desc);
  object.particle_count = uint32_t(desc.vertices.size());
  place.vertex_to_particle = std::move(mesh.index_of_vertex);
  object.mesh = std::move(desc);  // placed, at rest: what the masses were computed from
  source.vertices = std::move(mesh.vertices);
  object.mesh_source = std::move(source);
}

}  // namespace

std::vector<std::string> scene_object_keys(SceneObjectKind kind) {
  return object_kind_key_names(kind);
}

void add_scene_object(SceneDraft& draft, SceneObjectKind kind, const TableReader& table,
                      uint32_t ordinal) {
  SceneObject object;
  object.kind = kind;
  object.name = read_name(draft, table, kind, ordinal);
  ObjectPlace place;
  place.system = read_system(draft, table);
  SystemDraft& system = draft.systems[place.system];
  Model& model = system.system.model;
  try {
    switch (kind) {
      case SceneObjectKind::particle:
        check_budget(draft, table, "position", 1);
        build_particle(table, model, object);
        break;
      case SceneObjectKind::rope: build_rope(draft, table, model, object); break;
      case SceneObjectKind::cloth: build_cloth(draft, table, model, object); break;
      case SceneObjectKind::mesh: build_mesh(draft, table, model, object, place); break;
    }
  } catch (const ModelError& error) {
    table.fail_table(error.what());
  }
  if (kind == SceneObjectKind::cloth || kind == SceneObjectKind::mesh) {
    read_thickness(table, model, object);
  }
  if (kind != SceneObjectKind::particle) object.color = read_color(table);
  if (kind == SceneObjectKind::cloth || kind == SceneObjectKind::mesh) {
    object.check_size = read_check_size(table);
  }
  if (kind != SceneObjectKind::particle) {  // a particle has its own `pinned` key
    apply_scene_pins(table, kind, model, object,
                     kind == SceneObjectKind::mesh ? &place.vertex_to_particle : nullptr);
  }
  place.object = system.system.objects.size();
  draft.objects.emplace(object.name, std::move(place));
  system.system.objects.push_back(std::move(object));
}

}  // namespace weft
