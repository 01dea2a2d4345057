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
  SurfaceLayout layout;
  layout.triangles.assign(triangles.begin(), triangles.end());
  write_obj(out, positions, layout, comment);
}

void write_obj(std::ostream& out, std::span<const glm::vec3> positions, const SurfaceLayout& layout,
               const std::string& comment) {
  write_comment(out, comment);
  ObjCounts written;
  write_obj_object(out, "", positions, layout, written);
}

void write_obj_object(std::ostream& out, const std::string& name,
                      std::span<const glm::vec3> positions, const SurfaceLayout& layout,
                      ObjCounts& written) {
  if (!name.empty()) out << "o " << name << '\n';
  for (const glm::vec3& p : positions)
    write_triple(out, "v ", p, "\n");
  char line[160];
  const bool uvs = layout.has_surface() && layout.uvs.size() == positions.size();
  if (uvs) {
    for (const glm::vec2& uv : layout.uvs) {
      const int n = std::snprintf(line, sizeof line, "vt %.9g %.9g\n", double{uv.x}, double{uv.y});
      out.write(line, n);
    }
  }
  if (layout.has_surface()) {
    for (const glm::vec3& n : vertex_normals(positions, layout.triangles))
      write_triple(out, "vn ", n, "\n");
  }
  // OBJ counts from 1; vertex i has normal i and texture coordinate i.
  using Index = unsigned long long;
  const Index v0 = written.vertices + 1, t0 = written.uvs + 1, n0 = written.normals + 1;
  for (const glm::uvec3& t : layout.triangles) {
    int n = 0;
    if (uvs) {
      n = std::snprintf(line, sizeof line, "f %llu/%llu/%llu %llu/%llu/%llu %llu/%llu/%llu\n",
                        v0 + t.x, t0 + t.x, n0 + t.x, v0 + t.y, t0 + t.y, n0 + t.y, v0 + t.z,
                        t0 + t.z, n0 + t.z);
    } else {
      n = std::snprintf(line, sizeof line, "f %llu//%llu %llu//%llu %llu//%llu\n", v0 + t.x,
                        n0 + t.x, v0 + t.y, n0 + t.y, v0 + t.z, n0 + t.z);
    }
    out.write(line, n);
  }
  for (const std::vector<uint32_t>& polyline : layout.polylines) {
    out << 'l';
    for (uint32_t v : polyline)
      out << ' ' << (v0 + v);
    out << '\n';
  }
  written.vertices += positions.size();
  if (uvs) written.uvs += positions.size();
  if (layout.has_surface()) written.normals += positions.size();
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
