// What the graphics pass needs from a model besides the particle buffer, built once on the CPU:
// the triangle corners around each vertex (for per-vertex normals on the GPU), every spring and
// constraint as a link to draw, the pinned particles to mark, and the scene's extent.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/gpu_types.h"
#include "sim/model.h"

namespace weft {

// Corners of vertex i are corners[offsets[i] .. offsets[i + 1]); offsets has vertex_count + 1
// entries. Each corner keeps its triangle's winding (see gpu::TriangleCorner).
struct CornerAdjacency {
  std::vector<uint32_t> offsets;
  std::vector<gpu::TriangleCorner> corners;
};
CornerAdjacency build_corner_adjacency(uint32_t vertex_count,
                                       std::span<const glm::uvec3> triangles);

// The CPU mirror of compute_normals.comp: each vertex's normal is the normalised sum of
// cross(x[next] - x, x[prev] - x) over its corners; straight up when that sum is zero.
std::vector<glm::vec3> vertex_normals(std::span<const glm::vec3> positions,
                                      const CornerAdjacency& adjacency);

// The springs, then the distance constraints.
std::vector<gpu::RenderLink> render_links(const Model& model);

// Particles with inverse mass 0, in index order.
std::vector<uint32_t> pinned_particles(const Model& model);

struct Bounds {
  glm::vec3 lo{0.0f};
  glm::vec3 hi{0.0f};
};
// What the camera frames: the box around the particles and the sphere colliders, and the room
// the model will fall into: a pinned cloth hangs below its pins by up to its horizontal size, a
// pinned rope (no triangles) swings that far around its pins, and anything falls to the ground
// when there is one not far below.
Bounds scene_bounds(const Model& model);

}  // namespace weft
