// Makes an OBJ mesh simulable as cloth, or refuses it with the line to look at. Repairs (when
// allowed): welds vertices at identical positions (modellers split them along UV seams), drops
// zero-area and repeated faces, and drops vertices no face uses. Never repaired: an edge shared by
// more than two faces (non-manifold), which has no meaning as cloth.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "app/scene/obj_reader.h"

namespace weft {

struct MeshRepairReport {
  uint32_t welded_vertices = 0;   // duplicates merged into an earlier vertex
  uint32_t degenerate_faces = 0;  // triangles of (near) zero area, or repeating a vertex
  uint32_t repeated_faces = 0;    // triangles with the same three vertices as an earlier one
  uint32_t unused_vertices = 0;   // vertices no face uses
  bool changed() const {
    return welded_vertices + degenerate_faces + repeated_faces + unused_vertices > 0;
  }
  std::string summary() const;  // "welded 3 duplicate vertices, dropped 1 zero-area face"
};

struct RepairedMesh {
  std::vector<glm::vec3> vertices;
  std::vector<glm::uvec3> triangles;
  std::vector<uint32_t> index_of_vertex;  // original vertex -> new index, or kDropped
  MeshRepairReport report;
  static constexpr uint32_t kDropped = 0xffffffffu;
};

// repair = false refuses a mesh that would need any repair. Throws SceneError naming file:line.
RepairedMesh repair_mesh(const ObjMesh& mesh, bool repair, const std::string& file);

}  // namespace weft
