// The export formats of `weft run --export`: Wavefront OBJ for surfaces and lines (vertices,
// texture coordinates and per-vertex normals, faces, and ropes as polylines), ASCII PLY for point
// sets (free particles), and CSV of positions. Coordinates are written with 9 significant digits,
// which round-trips a float exactly.
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "app/export/surface_layout.h"

namespace weft {

// Unit normal per vertex: the area-weighted sum of the normals of its triangles; (0, 1, 0) for a
// vertex in no triangle (or only in triangles of zero area).
std::vector<glm::vec3> vertex_normals(std::span<const glm::vec3> positions,
                                      std::span<const glm::uvec3> triangles);

// `comment` becomes a leading # line (a frame number, a time).
void write_obj(std::ostream& out, std::span<const glm::vec3> positions,
               std::span<const glm::uvec3> triangles, const std::string& comment);
// With the layout's texture coordinates (vt, when it has them) and polylines (l).
void write_obj(std::ostream& out, std::span<const glm::vec3> positions, const SurfaceLayout& layout,
               const std::string& comment);
// One object ("o name") of an OBJ file that holds several: its elements are numbered after those
// `written` before it, which it then counts in.
struct ObjCounts {
  uint64_t vertices = 0;
  uint64_t uvs = 0;
  uint64_t normals = 0;
};
void write_obj_object(std::ostream& out, const std::string& name,
                      std::span<const glm::vec3> positions, const SurfaceLayout& layout,
                      ObjCounts& written);

void write_ply_points(std::ostream& out, std::span<const glm::vec3> positions,
                      const std::string& comment);

// "index,x,y,z" then one line per position; indices start at first_index.
void write_csv_header(std::ostream& out);
void write_csv_rows(std::ostream& out, std::span<const glm::vec3> positions, uint64_t first_index);

}  // namespace weft
