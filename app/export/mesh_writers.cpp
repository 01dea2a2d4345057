#include "app/export/mesh_writers.h"

#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>

namespace weft {

namespace {

// One buffer per line rather than iostream formatting: exports of a million vertices every
// frame should not be dominated by locale-aware stream machinery.
void write_triple(std::ostream& out, const char* prefix, const glm::vec3& v, const char* end) {
  char line[128];
  const int n = std::snprintf(line, sizeof line, "%s%.9g %.9g %.9g%s", prefix, double{v.x},
                              double{v.y}, double{v.z}, end);
  out.write(line, n);
}

void write_comment(std::ostream& out, const std::string& comment) {
  if (comment.empty()) return;
  out << "# ";
  for (char c : comment)
    out << (c == '\n' ? ' ' : c);
  out << '\n';
}

}  // namespace

std::vector<glm::vec3> vertex_normals(std::span<const glm::vec3> positions,
                                      std::span<const glm::uvec3> triangles) {
  std::vector<glm::vec3> sum(positions.size(), glm::vec3(0.0f));
  for (const glm::uvec3& t : triangles) {
    // The cross product's length is twice the area: larger triangles weigh more.
    const glm::vec3 n =
        glm::cross(positions[t.y] - positions[t.x], positions[t.z] - positions[t.x]);
    sum[t.x] += n;
    sum[t.y] += n;
    sum[t.z] += n;
  }
  for (glm::vec3& n : sum) {
    const float length = glm::length(n);
    n = length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 1.0f, 0.0f);
  }
  return sum;
}

void write_obj(std::ostream& out, std::span<const glm::vec3> positions,
               std::span<const glm::uvec3> triangles, const std::string& comment) {
  write_comment(out, comment);
  for (const glm::vec3& p : positions)
    write_triple(out, "v ", p, "\n");
  for (const glm::vec3& n : vertex_normals(positions, triangles))
    write_triple(out, "vn ", n, "\n");
  char line[128];
  for (const glm::uvec3& t : triangles) {
    // OBJ counts from 1; vertex i has normal i.
    const int n = std::snprintf(line, sizeof line, "f %u//%u %u//%u %u//%u\n", t.x + 1, t.x + 1,
                                t.y + 1, t.y + 1, t.z + 1, t.z + 1);
    out.write(line, n);
  }
}

void write_ply_points(std::ostream& out, std::span<const glm::vec3> positions,
                      const std::string& comment) {
  out << "ply\nformat ascii 1.0\n";
  if (!comment.empty()) {
    out << "comment ";
    for (char c : comment)
      out << (c == '\n' ? ' ' : c);
    out << '\n';
  }
  out << "element vertex " << positions.size() << "\n"
      << "property float x\nproperty float y\nproperty float z\nend_header\n";
  for (const glm::vec3& p : positions)
    write_triple(out, "", p, "\n");
}

void write_csv_header(std::ostream& out) {
  out << "index,x,y,z\n";
}

void write_csv_rows(std::ostream& out, std::span<const glm::vec3> positions, uint64_t first_index) {
  char line[128];
  for (size_t i = 0; i < positions.size(); ++i) {
    const glm::vec3& p = positions[i];
    const int n = std::snprintf(line, sizeof line, "%llu,%.9g,%.9g,%.9g\n",
                                static_cast<unsigned long long>(first_index + i), double{p.x},
                                double{p.y}, double{p.z});
    out.write(line, n);
  }
}

}  // namespace weft
