// A saved scene's spheres and colliders, with their paths. Orientations are written in the
// degrees the scene file gave (ColliderWords) while the model still holds the rotation those
// give, and otherwise from the model's quaternion (a collider turned since, to float rounding).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>

#include <glm/gtc/quaternion.hpp>

#include "app/scene/scene_draft.h"
#include "app/scene/scene_writer_parts.h"

namespace weft {

namespace {

bool same(const glm::quat& a, const glm::quat& b) {
  return a.w == b.w && a.x == b.x && a.y == b.y && a.z == b.z;
}

bool same(const ColliderPose& a, const ColliderPose& b) {
  return a.position == b.position && same(a.rotation, b.rotation);
}

// The degrees to write for `rotation`: those the file gave when they still give it.
glm::vec3 degrees_for(const glm::quat& rotation, const std::optional<glm::vec3>& said) {
  if (said && same(rotation_from_degrees(*said), rotation)) return *said;
  return degrees_of(rotation);
}

// `interpolation` and `path`: every keyframe's time and centre, and its rotation unless it is
// the rest pose's (which a keyframe without `rotate` takes).
void write_path(std::string& out, const ColliderPath& path, const ColliderPose& rest,
                const ColliderWords* words, const std::string& what) {
  put(out, "interpolation", toml_string(key_of(kPathInterpolationKeys, path.interpolation)));
  if (path.keyframes.empty()) return;
  out += "path = [\n";
  for (size_t k = 0; k < path.keyframes.size(); ++k) {
    const ColliderKeyframe& key = path.keyframes[k];
    std::optional<glm::vec3> said;
    if (words && k < words->path_rotate.size()) said = words->path_rotate[k];
    out += "  { time = " + toml_double(key.time, what + " path time") +
           ", center = " + toml_vec3(key.pose.position, what + " path center");
    if (said || !same(key.pose.rotation, rest.rotation)) {
      out += ", rotate = " + toml_vec3(degrees_for(key.pose.rotation, said), what + " path rotate");
    }
    out += " },\n";
  }
  out += "]\n";
}

// A collider mesh's triangles (local, scaled) as an OBJ file, corners shared where they are the
// same float triple: read back with scale 1, they are the same triangles.
std::string collider_obj(const Collider& collider, const std::string& what) {
  std::string vertices, faces;
  std::map<std::array<uint32_t, 3>, size_t> index;
  for (size_t t = 0; t + 2 < collider.triangles.size(); t += 3) {
    faces += "f";
    for (size_t k = 0; k < 3; ++k) {
      const glm::vec3& v = collider.triangles[t + k];
      std::array<uint32_t, 3> bits;
      std::memcpy(bits.data(), &v, sizeof bits);
      auto [at, added] = index.try_emplace(bits, index.size() + 1);
      if (added)
        vertices += "v " + obj_float(v.x) + " " + obj_float(v.y) + " " + obj_float(v.z) + "\n";
      faces += " " + std::to_string(at->second);
    }
    faces += "\n";
  }
  return kSavedMeshFirstLine +
         ("# " + what + ", as weft simulated it (scaled, in its own frame)\n") + vertices + faces;
}

void write_collider(std::string& out, const Collider& c, const ColliderWords* words,
                    const std::string& what, const std::string& mesh_file, SceneText& text) {
  put(out, "shape", toml_string(key_of(kColliderShapeKeys, c.shape)));
  if (c.shape == ColliderShape::plane) {
    if (words && same(plane_pose(words->normal, words->offset), c.pose)) {
      put(out, "normal", toml_vec3(words->normal, what + " normal"));
      put(out, "offset", toml_float(words->offset, what + " offset"));
    } else {
      const glm::vec3 normal = c.pose.rotation * glm::vec3(0.0f, 1.0f, 0.0f);
      put(out, "normal", toml_vec3(normal, what + " normal"));
      put(out, "offset", toml_float(glm::dot(normal, c.pose.position), what + " offset"));
    }
  } else {
    put(out, "center", toml_vec3(c.pose.position, what + " center"));
    const std::optional<glm::vec3> said = words ? std::optional(words->rotate) : std::nullopt;
    put(out, "rotate", toml_vec3(degrees_for(c.pose.rotation, said), what + " rotate"));
  }
  switch (c.shape) {
    case ColliderShape::plane: break;
    case ColliderShape::capsule:
      put(out, "radius", toml_float(c.radius, what + " radius"));
      put(out, "length", toml_float(2.0f * c.half_length, what + " length"));
      break;
    case ColliderShape::box:
      put(out, "size", toml_vec3(2.0f * c.half_extents, what + " size"));
      break;
    case ColliderShape::mesh:
      text.meshes.push_back({mesh_file, collider_obj(c, what)});
      put(out, "file", toml_string(mesh_file));
      put(out, "margin", toml_float(c.margin, what + " margin"));
      break;
  }
  write_friction(out, c.friction, what);
  write_path(out, c.path, c.pose, words, what);
}

}  // namespace

void write_friction(std::string& out, const std::optional<ContactFriction>& friction,
                    const std::string& what) {
  if (!friction) return;
  put(out, "static_friction", toml_float(friction->static_friction, what + " static_friction"));
  put(out, "kinetic_friction", toml_float(friction->kinetic_friction, what + " kinetic_friction"));
}

glm::vec3 degrees_of(const glm::quat& rotation) {
  // rotation_from_degrees gives Rz Ry Rx; read the angles back from its matrix (m[column][row]).
  const glm::dmat3 m = glm::mat3_cast(glm::dquat(rotation));
  const double sin_y = std::clamp(-m[0][2], -1.0, 1.0);
  double x = 0.0, y = std::asin(sin_y), z = 0.0;
  if (std::abs(sin_y) < 0.9999999) {
    x = std::atan2(m[1][2], m[2][2]);
    z = std::atan2(m[0][1], m[0][0]);
  } else {  // y at +-90 degrees: x and z turn about one axis; put it all in z
    z = std::atan2(-m[1][0], m[1][1]);
  }
  return glm::vec3(glm::degrees(glm::dvec3(x, y, z)));
}

void write_colliders(std::string& out, const std::string& prefix, const SceneSystem& system,
                     const std::string& mesh_stem, SceneText& text) {
  const Environment& environment = system.model.environment;
  for (size_t k = 0; k < environment.spheres.size(); ++k) {
    const Sphere& sphere = environment.spheres[k];
    const std::string what = "sphere " + std::to_string(k + 1) + " of '" + system.name + "'";
    const ColliderWords* words = k < system.sphere_words.size() ? &system.sphere_words[k] : nullptr;
    out += "\n[[" + prefix + ".sphere]]\n";
    put(out, "center", toml_vec3(sphere.center, what + " center"));
    put(out, "radius", toml_float(sphere.radius, what + " radius"));
    write_friction(out, sphere.friction, what);
    write_path(out, sphere.path, ColliderPose{sphere.center}, words, what);
  }
  for (size_t k = 0; k < environment.colliders.size(); ++k) {
    const std::string what = "collider " + std::to_string(k + 1) + " of '" + system.name + "'";
    const ColliderWords* words =
        k < system.collider_words.size() ? &system.collider_words[k] : nullptr;
    out += "\n[[" + prefix + ".collider]]\n";
    write_collider(out, environment.colliders[k], words, what,
                   mesh_stem + ".collider" + std::to_string(k + 1) + ".obj", text);
  }
}

}  // namespace weft
