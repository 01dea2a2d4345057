// What the graphics pass needs from a model besides the particle buffer, built once on the CPU:
// the triangle corners around each vertex (for per-vertex normals on the GPU), every spring and
// constraint as a link to draw, the particles and links that are not part of a surface (drawn as
// spheres and thick lines), the pinned particles to mark, their sizes and colours, and the
// scene's extent.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "app/scene/scene_colors.h"
#include "sim/model/gpu_types.h"
#include "sim/model/model.h"
#include "sim/model/triangle_corners.h"

namespace weft {

// The CPU mirror of compute_normals.comp: each vertex's normal is the normalised sum of
// cross(x[next] - x, x[prev] - x) over its corners; straight up when that sum is zero.
std::vector<glm::vec3> vertex_normals(std::span<const glm::vec3> positions,
                                      const CornerAdjacency& adjacency);

// The springs, then the distance constraints (with the tear bits of those of a cloth that tears).
std::vector<gpu::RenderLink> render_links(const Model& model);

// The model's triangles with the bits that say a tear opened them (gpu::RenderTriangle); per
// corner, the same is corner_tear_bits (sim/model/link_state.h).
std::vector<gpu::RenderTriangle> render_triangles(const Model& model);

// Per triangle of render_triangles, how torn_cloth.vert splits it along its torn edges
// (gpu::TornTriangle): each edge's grid direction from its first end, its rest length, and its
// middle as where it parts.
std::vector<gpu::TornTriangle> torn_triangles(const Model& model);

// Particles with inverse mass 0, in index order.
std::vector<uint32_t> pinned_particles(const Model& model);

// Particles that are a corner of no triangle (a rope's nodes, free particles) and not pinned
// (those have a marker), in index order, each with its spacing (gpu::RenderParticle).
std::vector<gpu::RenderParticle> free_particles(const Model& model);

// Moves the links with an end in no triangle (a rope's segments, springs between free
// particles: what the shaded view draws as thick lines) to the front, keeping their order, and
// returns how many there are. The links between a surface's particles follow.
uint32_t move_line_links_first(std::vector<gpu::RenderLink>& links, const Model& model);

// Each particle's colour for the shaders (render_bindings.glsl: fabric_color): linear RGB as
// unorm bytes, and in the fourth byte 255 when its fabric's face is the side its normal points
// to (0: the other), from the ranges given; a particle in none of them has the palette's first
// colour, its face away from the normal as a cloth grid's.
std::vector<uint32_t> packed_colors(uint32_t particle_count,
                                    std::span<const ParticleColors> colors);

// Each particle's place in its fabric's check for the shaders (render_bindings.glsl:
// fabric_patterns): x and y its rest coordinates in m (a grid node's column and row times the
// spacing; a mesh vertex's rest position along the two axes its object spans most), z the side of
// the check's squares, from the ranges given (0, a plain fabric, elsewhere).
std::vector<glm::vec4> fabric_patterns(const Model& model, std::span<const ParticleColors> colors);

struct Bounds {
  glm::vec3 lo{0.0f};
  glm::vec3 hi{0.0f};
};
// What the camera frames: the box around the particles and the colliders (planes aside; those
// that move, at every keyframe of their paths), and the room the model will fall into: a pinned
// cloth hangs below its pins by up to its horizontal size, a pinned rope (no triangles) swings
// that far around its pins in its upright plane, and anything falls to the ground when there is
// one not far below (and no further).
Bounds scene_bounds(const Model& model);
// The box around both.
Bounds merge(const Bounds& a, const Bounds& b);
// Its diagonal, m.
float diagonal(const Bounds& bounds);

// How large the system's particles, lines and markers are drawn in a scene whose bounds have
// this diagonal (m): markers a share of the scene, so they read well at every resolution;
// particles smaller, and no larger than a fifth of their shortest line, so a rope's nodes stay
// apart; lines a little wider than those particles, so that a dense rope reads as a cord.
gpu::RenderStyle render_style(const Model& model, float scene_diagonal);

}  // namespace weft
