// A small Wavefront OBJ reader for the meshes a scene simulates as cloth: vertex positions and
// faces (polygons are split into triangle fans). Normals, texture coordinates, groups and
// materials are accepted and ignored. Anything it cannot read is a SceneError at the file's line;
// messages say what was expected there but never quote the file, whatever file a scene names.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

namespace weft {

struct ObjMesh {
  std::vector<glm::vec3> vertices;
  std::vector<uint32_t> vertex_lines;    // source line of each vertex
  std::vector<glm::uvec3> triangles;     // 0-based vertex indices
  std::vector<uint32_t> triangle_lines;  // source line of the face each triangle came from
};

// file: the name messages use.
ObjMesh parse_obj(std::string_view text, const std::string& file);

// Reads and parses the file a piece at a time, never holding it whole; a missing, unreadable or
// oversized file is a SceneError naming it, and so is a mesh of more vertices or triangles than a
// scene may have here (particle_budget.h), found at the line that crosses the bound, before the
// memory is taken.
ObjMesh read_obj_file(const std::filesystem::path& path);

// The largest OBJ file read_obj_file reads on this machine, bytes.
uint64_t max_obj_file_bytes();

}  // namespace weft
