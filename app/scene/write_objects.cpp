// The objects of a saved scene: [[particle]], [[rope]], [[cloth]] and [[mesh]] tables, each built
// again from its description and its model: mass, links or material, thickness, pins.
#include <cmath>
#include <optional>

#include "app/scene/scene_writer_parts.h"
#include "sim/model/material_figures.h"

namespace weft {

namespace {

// Nodes per line of a `nodes` list.
constexpr size_t kNodesPerLine = 16;

const char* const kCornerNames[] = {"first_row_first_column", "first_row_last_column",
                                    "last_row_first_column", "last_row_last_column"};

// The mass a scene file gives for the loader's 1 / mass to be `inverse`: 1 / inverse, or a float
// or two beside it (a float's reciprocal is not always exact both ways).
std::optional<float> mass_for(float inverse) {
  const float guess = 1.0f / inverse;
  float below = guess;
  float above = guess;
  for (int step = 0; step < 8; ++step) {
    if (1.0f / below == inverse) return below;
    if (1.0f / above == inverse) return above;
    below = std::nextafter(below, 0.0f);
    above = std::nextafter(above, INFINITY);
  }
  return std::nullopt;
}

std::string describe(const SceneObject& object) {
  return std::string(object_kind_name(object.kind)) + " '" + object.name + "'";
}

// A rope, cloth or mesh has one mass per particle: every particle not pinned must have it.
// masses[i]: particle i's mass as the object's description gives it (the same for every
// particle, or by its share of the area).
void check_masses(const Model& model, const SceneObject& object, const std::vector<float>& masses) {
  for (uint32_t i = 0; i < object.particle_count; ++i) {
    const float w = model.inverse_masses[object.first_particle + i];
    if (w != 0.0f && w != 1.0f / masses[i]) {
      throw SceneWriteError(describe(object) + ": particle " + std::to_string(i) +
                            " has a mass of its own, which no mass key of a " +
                            object_kind_name(object.kind) + " in a scene file can give");
    }
  }
}

void write_link(std::string& out, const std::string& table, const LinkMaterial& link) {
  out += "\n[" + table + "]\n";
  put(out, "kind", toml_string(key_of(kLinkKindKeys, link.kind)));
  if (has_spring(link.kind)) {
    put(out, "stiffness", toml_float(link.stiffness, table + " stiffness"));
    put(out, "damping", toml_float(link.damping, table + " damping"));
  }
  if (has_constraint(link.kind)) {
    put(out, "compliance", toml_float(link.compliance, table + " compliance"));
  }
}

std::optional<std::string> material_name(const ClothMaterial& material) {
  for (const NamedClothMaterial& named : cloth_materials()) {
    if (same_figures(named.material, material)) return named.name;
  }
  return std::nullopt;
}

void write_material_figures(std::string& out, const std::string& table, const ClothMaterial& m) {
  out += "\n[" + table + ".material]\n";
  for (const MaterialFigure& figure : material_figures()) {
    const std::string key(figure.key);
    if (const std::optional<double> value = figure.get(m))
      put(out, key, toml_float(float(*value), key));
  }
}

uint32_t corner_node(const SceneObject& object, const std::string& corner) {
  uint32_t c = 0, r = 0;
  if (corner == kCornerNames[1] || corner == kCornerNames[3]) c = object.columns - 1;
  if (corner == kCornerNames[2] || corner == kCornerNames[3]) r = object.rows - 1;
  return r * object.columns + c;
}

// [table.pin]: the corners and region the file gave, while everything they pin is still pinned,
// and every other pinned node that no anchor holds, by number.
void write_pins(std::string& out, const std::string& table, const Model& model,
                const SceneObject& object, const std::vector<bool>& anchored) {
  const uint32_t first = object.first_particle;
  const auto pinned = [&](uint32_t node) { return model.inverse_masses[first + node] == 0.0f; };
  const ScenePinShapes& shapes = object.pin_shapes;
  std::vector<bool> by_shape(object.particle_count, false);
  bool shapes_hold = true;
  for (const std::string& corner : shapes.corners) {
    const uint32_t node = corner_node(object, corner);
    by_shape[node] = true;
    shapes_hold = shapes_hold && pinned(node);
  }
  const bool region = shapes.region_min && shapes.region_max;
  if (region) {
    for (uint32_t i = 0; i < object.particle_count; ++i) {
      const glm::vec3 p = model.positions[first + i];
      const glm::vec3 &lo = *shapes.region_min, &hi = *shapes.region_max;
      if (p.x >= lo.x && p.y >= lo.y && p.z >= lo.z && p.x <= hi.x && p.y <= hi.y && p.z <= hi.z) {
        by_shape[i] = true;
        shapes_hold = shapes_hold && pinned(i);
      }
    }
  }
  if (!shapes_hold) by_shape.assign(by_shape.size(), false);
  std::vector<uint32_t> nodes;
  for (uint32_t i = 0; i < object.particle_count; ++i) {
    if (pinned(i) && !by_shape[i] && !anchored[first + i]) nodes.push_back(i);
  }
  const bool corners = shapes_hold && !shapes.corners.empty();
  if (!corners && !(shapes_hold && region) && nodes.empty()) return;
  out += "\n[" + table + ".pin]\n";
  if (corners) {
    std::string list;
    for (const std::string& corner : shapes.corners)
      list += (list.empty() ? "" : ", ") + toml_string(corner);
    put(out, "corners", "[" + list + "]");
  }
  if (shapes_hold && region) {
    put(out, "region",
        "{ min = " + toml_vec3(*shapes.region_min, "pin region") +
            ", max = " + toml_vec3(*shapes.region_max, "pin region") + " }");
  }
  if (nodes.empty()) return;
  out += "nodes = [";
  for (size_t k = 0; k < nodes.size(); ++k) {
    out += k % kNodesPerLine == 0 ? "\n  " : " ";
    out += std::to_string(nodes[k]) + ",";
  }
  out += "\n]\n";
}

// The mesh as simulated, repaired, in its file's own frame (the scene places it), in the
// particles' order: read back, it needs no repair and is placed by the same arithmetic.
std::string mesh_obj(const Model& model, const SceneObject& object, const std::string& scene) {
  std::string obj =
      kSavedMeshFirstLine + ("# " + object.name + " of " + scene + ", as weft simulated it\n");
  for (const glm::vec3& v : object.mesh_source->vertices)
    obj += "v " + obj_float(v.x) + " " + obj_float(v.y) + " " + obj_float(v.z) + "\n";
  const uint32_t first = object.first_particle;
  const uint32_t end = first + object.particle_count;
  for (const glm::uvec3& t : model.triangles) {
    if (t.x < first || t.x >= end) continue;
    obj += "f " + std::to_string(t.x - first + 1) + " " + std::to_string(t.y - first + 1) + " " +
           std::to_string(t.z - first + 1) + "\n";
  }
  return obj;
}

std::optional<float> thickness_of(const Model& model, const SceneObject& object) {
  if (!object.thickness) return std::nullopt;
  for (const ContactGroup& group : model.contact_groups) {
    if (group.first_particle == object.first_particle) return group.thickness;
  }
  return object.thickness;
}

// The keys a cloth and a mesh share after their shape: material or mass, and thickness; then the
// sub-tables of the material's figures or of the links (`links`: name and material of each).
struct MassKeys {
  float particle_mass;  // kg, the same for every particle
  float areal_density;  // kg/m^2 when > 0: each particle its share of the area
};

void write_cloth_keys(std::string& out, const std::string& table, const Model& model,
                      const SceneObject& object, const MassKeys& mass,
                      const std::vector<std::pair<const char*, LinkMaterial>>& links) {
  std::optional<std::string> named;
  if (object.material) {
    named = material_name(*object.material);
    if (named) put(out, "material", toml_string(*named));
  } else if (mass.areal_density > 0.0f) {
    put(out, "areal_density", toml_float(mass.areal_density, describe(object) + " areal_density"));
  } else {
    put(out, "particle_mass", toml_float(mass.particle_mass, describe(object) + " particle_mass"));
  }
  if (std::optional<float> thickness = thickness_of(model, object)) {
    put(out, "thickness", toml_float(*thickness, describe(object) + " thickness"));
  }
  if (object.material && !named) write_material_figures(out, table, *object.material);
  if (object.material) return;
  for (size_t k = 0; k < links.size(); ++k) {
    // The first link table is required; the others are left out when they join nothing.
    if (k == 0 || links[k].second.kind != LinkKind::none) {
      write_link(out, table + "." + links[k].first, links[k].second);
    }
  }
}

[[noreturn]] void no_description(const SceneObject& object) {
  throw SceneWriteError(describe(object) +
                        " was not built from a scene file's description, so there is none to "
                        "write");
}

}  // namespace

std::vector<bool> anchored_particles(const Model& model) {
  std::vector<bool> anchored(model.particle_count(), false);
  for (const Anchor& anchor : model.anchors)
    anchored.at(anchor.particle) = true;
  return anchored;
}

std::string particle_reference(const SceneSystem& system, uint32_t particle) {
  for (const SceneObject& object : system.objects) {
    if (particle < object.first_particle ||
        particle - object.first_particle >= object.particle_count) {
      continue;
    }
    if (object.particle_count == 1) return object.name;
    return object.name + "[" + std::to_string(particle - object.first_particle) + "]";
  }
  throw SceneWriteError("particle " + std::to_string(particle) + " of system '" + system.name +
                        "' belongs to no object, so a scene file cannot name it");
}

void write_object(std::string& out, const SceneSystem& system, const SceneObject& object,
                  bool system_key, const std::string& stem, SceneText& text) {
  const Model& model = system.model;
  const std::string table = object_kind_name(object.kind);
  const std::vector<bool> anchored = anchored_particles(model);
  const uint32_t first = object.first_particle;
  out += "\n[[" + table + "]]\n";
  put(out, "name", toml_string(object.name));
  if (system_key) put(out, "system", toml_string(system.name));
  if (object.color) put(out, "color", toml_vec3(*object.color, describe(object) + " color"));
  if (object.check_size > 0.0f) {
    put(out, "check_size", toml_float(object.check_size, describe(object) + " check_size"));
  }
  switch (object.kind) {
    case SceneObjectKind::particle: {
      put(out, "position", toml_vec3(model.positions[first], describe(object) + " position"));
      put(out, "velocity", toml_vec3(model.velocities[first], describe(object) + " velocity"));
      const float w = model.inverse_masses[first];
      if (w == 0.0f) {
        put(out, "pinned", "true");
      } else if (std::optional<float> mass = mass_for(w)) {
        put(out, "mass", toml_float(*mass, describe(object) + " mass"));
      } else {
        throw SceneWriteError(describe(object) + ": no mass gives its inverse mass " +
                              toml_float(w, "inverse mass") + " 1/kg");
      }
      return;
    }
    case SceneObjectKind::rope: {
      if (!object.rope) no_description(object);
      const RopeDesc& rope = *object.rope;
      check_masses(model, object, std::vector<float>(object.particle_count, rope.node_mass));
      put(out, "start", toml_vec3(rope.start, describe(object) + " start"));
      put(out, "end", toml_vec3(rope.end, describe(object) + " end"));
      put(out, "nodes", std::to_string(object.particle_count));
      put(out, "node_mass", toml_float(rope.node_mass, describe(object) + " node_mass"));
      write_link(out, table + ".segment", rope.segment);
      break;
    }
    case SceneObjectKind::cloth: {
      if (!object.cloth) no_description(object);
      const ClothGridDesc& cloth = *object.cloth;
      std::vector<float> masses;
      for (uint32_t r = 0; r < cloth.rows; ++r) {
        for (uint32_t c = 0; c < cloth.columns; ++c)
          masses.push_back(cloth_node_mass(cloth, c, r));
      }
      check_masses(model, object, masses);
      put(out, "origin", toml_vec3(cloth.origin, describe(object) + " origin"));
      put(out, "width_axis", toml_vec3(cloth.width_axis, describe(object) + " width_axis"));
      put(out, "height_axis", toml_vec3(cloth.height_axis, describe(object) + " height_axis"));
      put(out, "columns", std::to_string(object.columns));
      put(out, "rows", std::to_string(object.rows));
      write_cloth_keys(
          out, table, model, object, {cloth.particle_mass, cloth.areal_density},
          {{"structural", cloth.structural}, {"shear", cloth.shear}, {"bend", cloth.bend}});
      break;
    }
    case SceneObjectKind::mesh: {
      if (!object.mesh || !object.mesh_source ||
          object.mesh_source->vertices.size() != object.particle_count) {
        no_description(object);
      }
      const TriangleMeshDesc& mesh = *object.mesh;
      const SceneMeshSource& source = *object.mesh_source;
      check_masses(model, object, mesh_vertex_masses(mesh));
      const std::string file = stem + "-" + object.name + ".obj";
      text.meshes.push_back({file, mesh_obj(model, object, stem + ".toml")});
      put(out, "file", toml_string(file));
      put(out, "scale", toml_vec3(source.scale, describe(object) + " scale"));
      put(out, "rotate", toml_vec3(source.rotate, describe(object) + " rotate"));
      put(out, "translate", toml_vec3(source.translate, describe(object) + " translate"));
      // The file holds the mesh as repaired, which needs no more: a mesh that would is refused
      // rather than changed.
      put(out, "repair", "false");
      write_cloth_keys(out, table, model, object, {mesh.particle_mass, mesh.areal_density},
                       {{"edge", mesh.edge}, {"bend", mesh.bend}});
      break;
    }
  }
  write_pins(out, table, model, object, anchored);
}

}  // namespace weft
