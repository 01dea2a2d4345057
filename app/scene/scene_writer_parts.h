// The scene writer's parts, shared by scene_writer.cpp (the document, settings, springs, anchors,
// events), write_objects.cpp and write_colliders.cpp. Not for other users: scene_writer.h is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/scene/scene_writer.h"

namespace weft {

// Appends "key = value\n".
inline void put(std::string& out, const std::string& key, const std::string& value) {
  out += key;
  out += " = ";
  out += value;
  out += '\n';
}

// Whether an [[anchor]] of the model drives each particle (an anchor pins its particle itself).
std::vector<bool> anchored_particles(const Model& model);

// "name" for an object of one particle, "name[i]" for node i of the others (a mesh's nodes
// are numbered as in the OBJ file written beside the scene, which is the particles' order).
std::string particle_reference(const SceneSystem& system, uint32_t particle);

// write_objects.cpp: one [[particle]], [[rope]], [[cloth]] or [[mesh]] table and its sub-tables;
// a mesh's OBJ text goes into text.meshes. `system_key`: the object names its system.
void write_object(std::string& out, const SceneSystem& system, const SceneObject& object,
                  bool system_key, const std::string& stem, SceneText& text);

// write_colliders.cpp: the system's spheres and colliders as [[<prefix>.sphere]] and
// [[<prefix>.collider]] tables; a collider mesh's OBJ text goes into text.meshes, named
// "<mesh_stem>.collider<k>.obj" (k from 1): no object's "<stem>-<name>.obj" (a name holds no
// dot) can be that, even an object named "collider1".
void write_colliders(std::string& out, const std::string& prefix, const SceneSystem& system,
                     const std::string& mesh_stem, SceneText& text);

// write_colliders.cpp: a collider's or a material's own Coulomb coefficients, when it has them
// (a collider's before its path's tables).
void write_friction(std::string& out, const std::optional<ContactFriction>& friction,
                    const std::string& what);

// Euler angles in degrees about x, then y, then z, of a rotation (rotation_from_degrees back):
// for a pose the scene file did not give in degrees.
glm::vec3 degrees_of(const glm::quat& rotation);

}  // namespace weft
