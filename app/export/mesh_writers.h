// The export formats of `weft run --export`: Wavefront OBJ for surfaces (vertices, per-vertex
// normals from the triangles, faces), ASCII PLY for point sets (ropes, particles), and CSV of
// positions. Coordinates are written with 9 significant digits, which round-trips a float exactly.
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

namespace weft {

// Unit normal per vertex: the area-weighted sum of the normals of its triangles; (0, 1, 0) for a
// vertex in no triangle (or only in triangles of zero area).
std::vector<glm::vec3> vertex_normals(std::span<const glm::vec3> positions,
                                      std::span<const glm::uvec3> triangles);

// `comment` becomes a leading # line (a frame number, a time).
void write_obj(std::ostream& out, std::span<const glm::vec3> positions,
               std::span<const glm::uvec3> triangles, const std::string& comment);

void write_ply_points(std::ostream& out, std::span<const glm::vec3> positions,
                      const std::string& comment);

// "index,x,y,z" then one line per position; indices start at first_index.
void write_csv_header(std::ostream& out);
void write_csv_rows(std::ostream& out, std::span<const glm::vec3> positions, uint64_t first_index);

}  // namespace weft
