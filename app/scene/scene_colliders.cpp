// [[environment.collider]]: planes, capsules, boxes and triangle meshes from OBJ files, and the
// scripted paths (keyframes) of colliders and spheres (sim/model/collider_path.h).
#include <cmath>

#include <glm/geometric.hpp>

#include "app/scene/closest_match.h"
#include "app/scene/obj_reader.h"
#include "app/scene/object_keys.h"
#include "app/scene/scene_draft.h"
#include "app/scene/scene_error.h"
#include "sim/model/collider_path.h"

namespace weft {

namespace {

constexpr std::string_view kCollider = "environment.collider";

void read_plane(const TableReader& table, Collider& c, ColliderWords& words) {
  const glm::vec3 normal =
      table.vec3("normal", key_range(kCollider, "normal")).value_or(glm::vec3(0, 1, 0));
  if (!(glm::length(glm::dvec3(normal)) > 1e-12)) {
    table.fail("normal", "must not be [0, 0, 0]; expected the plane's normal");
  }
  words.normal = normal;
  words.offset = float(table.number("offset", key_range(kCollider, "offset")).value_or(0.0));
  c.pose = plane_pose(words.normal, words.offset);
}

void read_mesh_collider(const TableReader& table, const SceneParseOptions& options, Collider& c) {
  std::filesystem::path path;
  const ObjMesh mesh = read_scene_mesh(table, options, path);
  if (mesh.triangles.empty()) {
    table.fail("file", path.string() + " has no faces; expected a mesh with at least one triangle");
  }
  glm::vec3 scale(1.0f);
  if (const toml::node* node = table.node("scale"); node && node->is_array()) {
    scale = *table.vec3("scale", key_range(kCollider, "scale"));
  } else if (auto uniform = table.number("scale", key_range(kCollider, "scale"))) {
    scale = glm::vec3(float(*uniform));
  }
  if (scale.x == 0.0f || scale.y == 0.0f || scale.z == 0.0f) {
    table.fail("scale", "must not be 0 along any axis (it would flatten the mesh)");
  }
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const glm::uvec3 tri = mesh.triangles[t];
    const glm::vec3 a = mesh.vertices[tri.x] * scale;
    const glm::vec3 b = mesh.vertices[tri.y] * scale;
    const glm::vec3 d = mesh.vertices[tri.z] * scale;
    if (!(glm::length(glm::cross(b - a, d - a)) > 0.0f)) {
      table.fail("file", path.string() + ":" + std::to_string(mesh.triangle_lines[t]) +
                             ": a triangle with no area (its corners are on one line); expected "
                             "triangles that each span an area");
    }
    c.triangles.insert(c.triangles.end(), {a, b, d});
  }
  c.margin = float(table.number("margin", key_range(kCollider, "margin")).value_or(0.005));
}

}  // namespace

ColliderPose plane_pose(const glm::vec3& normal, float offset) {
  const glm::dvec3 given(normal);
  const glm::vec3 n = glm::vec3(given / glm::length(given));
  return {n * offset, rotation_to(n)};
}

void read_path(const TableReader& table, const ColliderPose& rest, ColliderPath& path,
               std::vector<std::optional<glm::vec3>>& rotates) {
  rotates.clear();
  if (auto interpolation = table.choice("interpolation", kPathInterpolationKeys)) {
    path.interpolation = *interpolation;
  }
  for (const TableReader& key : table.tables("path", {"time", "center", "rotate"})) {
    ColliderKeyframe frame;
    frame.time = key.required_number("time", NumberRange::at_least(0.0, "s"));
    if (!path.keyframes.empty() && !(frame.time > path.keyframes.back().time)) {
      key.fail("time", format_number(frame.time) + " s comes after " +
                           format_number(path.keyframes.back().time) +
                           " s; expected keyframes in order of time, each later than the one "
                           "before");
    }
    frame.pose = rest;
    if (auto center = key.vec3("center", NumberRange::any("m"))) frame.pose.position = *center;
    const std::optional<glm::vec3> degrees = key.vec3("rotate", NumberRange::any("degrees"));
    if (degrees) frame.pose.rotation = rotation_from_degrees(*degrees);
    path.keyframes.push_back(frame);
    rotates.push_back(degrees);
  }
}

std::optional<ContactFriction> read_contact_friction(const TableReader& table, const char* owner) {
  const std::optional<double> mu_s =
      table.number("static_friction", key_range(kCollider, "static_friction"));
  const std::optional<double> mu_k =
      table.number("kinetic_friction", key_range(kCollider, "kinetic_friction"));
  if (!mu_s && !mu_k) return std::nullopt;
  if (!mu_s) {
    table.fail("kinetic_friction",
               "needs this " + std::string(owner) +
                   "'s static_friction as well (the kinetic coefficient may not exceed it)");
  }
  ContactFriction friction{float(*mu_s), float(mu_k.value_or(*mu_s))};
  if (friction.kinetic_friction > friction.static_friction) {
    table.fail("kinetic_friction", "must be at most static_friction (" + format_number(*mu_s) +
                                       "), got " + format_number(*mu_k));
  }
  return friction;
}

Collider read_collider(const TableReader& table, const SceneParseOptions& options,
                       ColliderWords& words) {
  Collider c;
  words = ColliderWords{};
  const std::optional<ColliderShape> shape = table.choice("shape", kColliderShapeKeys);
  if (!shape) table.fail("shape", "missing; expected \"plane\", \"capsule\", \"box\" or \"mesh\"");
  c.shape = *shape;
  const std::string shape_key(key_of(kColliderShapeKeys, c.shape));
  // Which keys each shape takes (the rest are refused, naming the shape).
  std::vector<std::string> takes;
  for (const ObjectKey* entry : object_keys_of(kCollider)) {
    if (entry->key != "shape" && takes_key(*entry, shape_key)) takes.emplace_back(entry->key);
  }
  for (const ObjectKey* entry : object_keys_of(kCollider)) {
    if (table.has(entry->key) && !takes_key(*entry, shape_key)) {
      table.fail(entry->key,
                 "is not a key of a " + shape_key + " collider; expected " + quoted_list(takes));
    }
  }
  if (c.shape == ColliderShape::plane) {
    read_plane(table, c, words);
  } else {
    c.pose.position = table.vec3("center", key_range(kCollider, "center")).value_or(glm::vec3(0));
    words.rotate = table.vec3("rotate", key_range(kCollider, "rotate")).value_or(glm::vec3(0));
    c.pose.rotation = rotation_from_degrees(words.rotate);
  }
  if (c.shape == ColliderShape::capsule) {
    c.radius = float(table.required_number("radius", key_range(kCollider, "radius")));
    if (!(c.radius > 0.0f)) table.fail("radius", "is too small to be a float > 0");
    c.half_length =
        float(table.number("length", key_range(kCollider, "length")).value_or(0.0)) / 2.0f;
  } else if (c.shape == ColliderShape::box) {
    c.half_extents = table.required_vec3("size", key_range(kCollider, "size")) / 2.0f;
    if (!(glm::min(c.half_extents.x, glm::min(c.half_extents.y, c.half_extents.z)) > 0.0f)) {
      table.fail("size", "is too small to be a float > 0 along every axis");
    }
  } else if (c.shape == ColliderShape::mesh) {
    read_mesh_collider(table, options, c);
  }
  read_path(table, c.pose, c.path, words.path_rotate);
  c.friction = read_contact_friction(table, "collider");
  return c;
}

}  // namespace weft
