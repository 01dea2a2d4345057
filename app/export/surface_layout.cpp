#include "app/export/surface_layout.h"

#include <algorithm>
#include <array>
#include <limits>

namespace weft {

std::vector<glm::vec2> projected_uvs(const std::vector<glm::vec3>& rest_positions) {
  if (rest_positions.empty()) return {};
  glm::vec3 low(std::numeric_limits<float>::max());
  glm::vec3 high(std::numeric_limits<float>::lowest());
  for (const glm::vec3& p : rest_positions) {
    low = glm::min(low, p);
    high = glm::max(high, p);
  }
  const glm::vec3 size = high - low;
  // The two longest sides of the box span the projection plane; u along the longer of the two.
  std::array<int, 3> axes{0, 1, 2};
  std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) { return size[a] > size[b]; });
  const int u_axis = std::min(axes[0], axes[1]);
  const int v_axis = std::max(axes[0], axes[1]);
  std::vector<glm::vec2> uvs;
  uvs.reserve(rest_positions.size());
  for (const glm::vec3& p : rest_positions) {
    const float u = size[u_axis] > 0.0f ? (p[u_axis] - low[u_axis]) / size[u_axis] : 0.0f;
    const float v = size[v_axis] > 0.0f ? (p[v_axis] - low[v_axis]) / size[v_axis] : 0.0f;
    uvs.emplace_back(u, v);
  }
  return uvs;
}

SurfaceLayout surface_layout(const SceneSystem& system) {
  const Model& model = system.model;
  SurfaceLayout layout;
  layout.triangles = model.triangles;
  if (layout.has_surface()) {
    layout.uvs = projected_uvs(model.positions);
    for (const SceneObject& object : system.objects) {
      if (object.kind != SceneObjectKind::cloth || object.columns < 2 || object.rows < 2) continue;
      for (uint32_t r = 0; r < object.rows; ++r) {
        for (uint32_t c = 0; c < object.columns; ++c) {
          const size_t vertex = object.first_particle + size_t{r} * object.columns + c;
          if (vertex >= layout.uvs.size()) continue;
          layout.uvs[vertex] = {static_cast<float>(c) / static_cast<float>(object.columns - 1),
                                static_cast<float>(r) / static_cast<float>(object.rows - 1)};
        }
      }
    }
  }
  for (const SceneObject& object : system.objects) {
    if (object.kind != SceneObjectKind::rope || object.particle_count < 2) continue;
    std::vector<uint32_t>& line = layout.polylines.emplace_back();
    for (uint32_t i = 0; i < object.particle_count; ++i)
      line.push_back(object.first_particle + i);
  }
  // Links with an end in no triangle and not along a rope (springs between free particles) are
  // lines of two vertices, as the viewer draws them.
  std::vector<bool> in_triangle(model.positions.size(), false);
  for (const glm::uvec3& t : model.triangles)
    in_triangle[t.x] = in_triangle[t.y] = in_triangle[t.z] = true;
  std::vector<int64_t> rope_of(model.positions.size(), -1);
  for (size_t o = 0; o < system.objects.size(); ++o) {
    const SceneObject& object = system.objects[o];
    if (object.kind != SceneObjectKind::rope) continue;
    for (uint32_t i = 0; i < object.particle_count; ++i)
      rope_of[object.first_particle + i] = static_cast<int64_t>(o);
  }
  auto add_link = [&](uint32_t a, uint32_t b) {
    if (a >= in_triangle.size() || b >= in_triangle.size() || a == b) return;
    if (in_triangle[a] && in_triangle[b]) return;
    if (rope_of[a] >= 0 && rope_of[a] == rope_of[b]) return;
    layout.polylines.push_back({a, b});
  };
  for (const Spring& s : model.springs)
    add_link(s.a, s.b);
  for (const DistanceConstraint& c : model.constraints)
    add_link(c.a, c.b);
  return layout;
}

}  // namespace weft
