#include "app/render/render_mesh.h"

#include <algorithm>

#include <glm/geometric.hpp>

namespace weft {

CornerAdjacency build_corner_adjacency(uint32_t vertex_count,
                                       std::span<const glm::uvec3> triangles) {
  CornerAdjacency adjacency;
  adjacency.offsets.assign(size_t{vertex_count} + 1, 0);
  for (const glm::uvec3& t : triangles) {
    for (int k = 0; k < 3; ++k)
      ++adjacency.offsets[t[k] + 1];
  }
  for (uint32_t i = 0; i < vertex_count; ++i)
    adjacency.offsets[i + 1] += adjacency.offsets[i];
  adjacency.corners.resize(adjacency.offsets.back());
  std::vector<uint32_t> filled(adjacency.offsets.begin(), adjacency.offsets.end() - 1);
  for (const glm::uvec3& t : triangles) {
    // Rotating (a, b, c) keeps its winding: b sees (c, a), c sees (a, b).
    for (int k = 0; k < 3; ++k) {
      adjacency.corners[filled[t[k]]++] = {t[(k + 1) % 3], t[(k + 2) % 3]};
    }
  }
  return adjacency;
}

std::vector<glm::vec3> vertex_normals(std::span<const glm::vec3> positions,
                                      const CornerAdjacency& adjacency) {
  std::vector<glm::vec3> normals(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) {
    glm::vec3 sum(0.0f);
    for (uint32_t k = adjacency.offsets[i]; k < adjacency.offsets[i + 1]; ++k) {
      const gpu::TriangleCorner& c = adjacency.corners[k];
      sum += glm::cross(positions[c.next] - positions[i], positions[c.prev] - positions[i]);
    }
    const float len = glm::length(sum);
    normals[i] = len > 0.0f ? sum / len : glm::vec3(0.0f, 1.0f, 0.0f);
  }
  return normals;
}

std::vector<gpu::RenderLink> render_links(const Model& model) {
  std::vector<gpu::RenderLink> links;
  links.reserve(model.springs.size() + model.constraints.size());
  for (const Spring& s : model.springs) {
    links.push_back({s.a, s.b, s.rest_length, WEFT_LINK_SPRING});
  }
  for (const DistanceConstraint& c : model.constraints) {
    links.push_back({c.a, c.b, c.rest_length, WEFT_LINK_CONSTRAINT});
  }
  return links;
}

std::vector<uint32_t> pinned_particles(const Model& model) {
  std::vector<uint32_t> pinned;
  for (uint32_t i = 0; i < model.particle_count(); ++i) {
    if (model.inverse_masses[i] == 0.0f) pinned.push_back(i);
  }
  return pinned;
}

Bounds scene_bounds(const Model& model) {
  Bounds b;
  if (model.positions.empty()) return b;
  b.lo = b.hi = model.positions[0];
  for (const glm::vec3& p : model.positions) {
    b.lo = glm::min(b.lo, p);
    b.hi = glm::max(b.hi, p);
  }
  const float size = std::max(b.hi.x - b.lo.x, b.hi.z - b.lo.z);
  const bool pinned = std::find(model.inverse_masses.begin(), model.inverse_masses.end(), 0.0f) !=
                      model.inverse_masses.end();
  const float floor = b.hi.y - size;  // as low as a hanging model can swing
  if (pinned) b.lo.y = std::min(b.lo.y, floor);
  if (pinned && model.triangles.empty()) {
    for (uint32_t i = 0; i < model.particle_count(); ++i) {
      if (model.inverse_masses[i] != 0.0f) continue;
      const glm::vec3 p = model.positions[i];
      b.lo = glm::min(b.lo, p - glm::vec3(size, size, size));
      b.hi = glm::max(b.hi, glm::vec3(p.x + size, b.hi.y, p.z + size));
    }
  }
  const Ground& ground = model.environment.ground;
  if (ground.mode != GroundMode::none && ground.height < b.lo.y && ground.height > floor) {
    b.lo.y = ground.height;
  }
  for (const Sphere& s : model.environment.spheres) {
    b.lo = glm::min(b.lo, s.center - glm::vec3(s.radius));
    b.hi = glm::max(b.hi, s.center + glm::vec3(s.radius));
  }
  return b;
}

}  // namespace weft
