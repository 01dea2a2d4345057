#include "app/scene/mesh_repair.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <utility>

#include <glm/geometric.hpp>

#include "app/scene/scene_error.h"

namespace weft {

namespace {

std::string count_of(uint32_t count, const char* singular, const char* plural) {
  return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

[[noreturn]] void refuse(const std::string& file, uint32_t line, const std::string& message) {
  throw SceneError({file, line, 0}, "", "", message);
}

// Positions compared bit for bit: welding is for vertices a modeller duplicated, not for nearby
// vertices, which may be meant to stay apart.
struct PositionKey {
  std::array<uint32_t, 3> bits;
  auto operator<=>(const PositionKey&) const = default;
};

PositionKey key_of(const glm::vec3& p) {
  PositionKey key{};
  for (int k = 0; k < 3; ++k) {
    const float value = p[k] == 0.0f ? 0.0f : p[k];  // -0 and +0 are the same place
    std::memcpy(&key.bits[static_cast<size_t>(k)], &value, sizeof value);
  }
  return key;
}

// A triangle is degenerate when its area is negligible next to its longest edge: a sliver that
// thin has no usable normal and makes its bend links meaningless.
bool degenerate(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
  const glm::dvec3 ab = glm::dvec3(b) - glm::dvec3(a);
  const glm::dvec3 ac = glm::dvec3(c) - glm::dvec3(a);
  const glm::dvec3 bc = glm::dvec3(c) - glm::dvec3(b);
  const double longest = std::max({glm::dot(ab, ab), glm::dot(ac, ac), glm::dot(bc, bc)});
  return !(glm::length(glm::cross(ab, ac)) > 1e-6 * longest);
}

}  // namespace

std::string MeshRepairReport::summary() const {
  std::vector<std::string> parts;
  if (welded_vertices) {
    parts.push_back("welded " +
                    count_of(welded_vertices, "duplicate vertex", "duplicate vertices"));
  }
  if (degenerate_faces) {
    parts.push_back("dropped " +
                    count_of(degenerate_faces, "zero-area triangle", "zero-area triangles"));
  }
  if (repeated_faces) {
    parts.push_back("dropped " +
                    count_of(repeated_faces, "repeated triangle", "repeated triangles"));
  }
  if (unused_vertices) {
    parts.push_back("dropped " + count_of(unused_vertices, "unused vertex", "unused vertices"));
  }
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i)
    text += (i ? ", " : "") + parts[i];
  return text;
}

RepairedMesh repair_mesh(const ObjMesh& mesh, bool repair, const std::string& file) {
  RepairedMesh out;
  const size_t n = mesh.vertices.size();

  // 1. Weld: every vertex maps to the first vertex at its position.
  std::vector<uint32_t> welded(n);
  std::map<PositionKey, uint32_t> first_at;
  for (uint32_t v = 0; v < n; ++v) {
    auto [it, inserted] = first_at.try_emplace(key_of(mesh.vertices[v]), v);
    welded[v] = it->second;
    if (inserted) continue;
    if (!repair) {
      refuse(file, mesh.vertex_lines[v],
             "duplicate vertex: it is at the same position as the vertex on line " +
                 std::to_string(mesh.vertex_lines[it->second]) +
                 " (set repair = true in the scene to weld them)");
    }
    ++out.report.welded_vertices;
  }

  // 2. Faces: drop degenerate and repeated ones; refuse non-manifold edges.
  std::vector<glm::uvec3> kept;
  std::vector<uint32_t> kept_lines;
  std::map<std::array<uint32_t, 3>, uint32_t> face_line;
  std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> edge_faces;  // lines
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const uint32_t line = mesh.triangle_lines[t];
    const glm::uvec3 tri(welded[mesh.triangles[t].x], welded[mesh.triangles[t].y],
                         welded[mesh.triangles[t].z]);
    const bool repeats_vertex = tri.x == tri.y || tri.y == tri.z || tri.x == tri.z;
    if (repeats_vertex ||
        degenerate(mesh.vertices[tri.x], mesh.vertices[tri.y], mesh.vertices[tri.z])) {
      if (!repair) {
        refuse(file, line,
               std::string("degenerate face: ") +
                   (repeats_vertex ? "it uses the same vertex twice" : "it has zero area") +
                   " (set repair = true in the scene to drop it)");
      }
      ++out.report.degenerate_faces;
      continue;
    }
    std::array<uint32_t, 3> sorted{tri.x, tri.y, tri.z};
    std::sort(sorted.begin(), sorted.end());
    if (auto [it, inserted] = face_line.try_emplace(sorted, line); !inserted) {
      if (!repair) {
        refuse(file, line,
               "repeated face: the face on line " + std::to_string(it->second) +
                   " has the same three vertices (set repair = true in the scene to drop it)");
      }
      ++out.report.repeated_faces;
      continue;
    }
    for (int k = 0; k < 3; ++k) {
      const auto edge = std::minmax(tri[k], tri[(k + 1) % 3]);
      std::vector<uint32_t>& lines = edge_faces[{edge.first, edge.second}];
      if (lines.size() == 2) {
        refuse(file, line,
               "non-manifold edge between the vertices on lines " +
                   std::to_string(mesh.vertex_lines[edge.first]) + " and " +
                   std::to_string(mesh.vertex_lines[edge.second]) + ": the faces on lines " +
                   std::to_string(lines[0]) + " and " + std::to_string(lines[1]) +
                   " already share it; cloth allows at most two faces per edge");
      }
      lines.push_back(line);
    }
    kept.push_back(tri);
    kept_lines.push_back(line);
  }
  if (kept.empty()) refuse(file, 0, "the mesh has no usable triangle left after repair");

  // 3. Compact: only vertices some face uses become particles.
  std::vector<uint32_t> compact(n, RepairedMesh::kDropped);
  for (glm::uvec3& tri : kept) {
    for (int k = 0; k < 3; ++k) {
      uint32_t& index = compact[tri[k]];
      if (index == RepairedMesh::kDropped) {
        index = static_cast<uint32_t>(out.vertices.size());
        out.vertices.push_back(mesh.vertices[tri[k]]);
      }
      tri[k] = index;
    }
  }
  out.triangles = std::move(kept);
  out.index_of_vertex.resize(n);
  for (uint32_t v = 0; v < n; ++v) {
    out.index_of_vertex[v] = compact[welded[v]];
    if (welded[v] == v && compact[v] == RepairedMesh::kDropped) {
      if (!repair) {
        refuse(file, mesh.vertex_lines[v],
               "unused vertex: no face uses it (set repair = true in the scene to drop it)");
      }
      ++out.report.unused_vertices;
    }
  }
  return out;
}

}  // namespace weft
