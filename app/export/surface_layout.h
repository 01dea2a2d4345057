// What the exporters write besides positions, for one scene system: its triangles, a texture
// coordinate per vertex, and its ropes as polylines. Every frame of a system shares them, so they
// are worked out once from the scene.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "app/scene/scene_systems.h"

namespace weft {

struct SurfaceLayout {
  std::vector<glm::uvec3> triangles;
  // One per vertex, or none. A cloth grid's node (c, r) gets (c / (columns - 1), r / (rows - 1));
  // any other vertex of a triangle, its rest position projected onto the plane of the two longest
  // sides of the system's box, scaled to [0, 1].
  std::vector<glm::vec2> uvs;
  // Each rope's nodes in order (vertex indices, from 0).
  std::vector<std::vector<uint32_t>> polylines;

  bool has_surface() const { return !triangles.empty(); }
  bool has_lines() const { return !polylines.empty(); }
};

SurfaceLayout surface_layout(const SceneSystem& system);

// Texture coordinates by projection alone (what surface_layout gives vertices of no cloth grid).
std::vector<glm::vec2> projected_uvs(const std::vector<glm::vec3>& rest_positions);

}  // namespace weft
