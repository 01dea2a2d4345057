// The link state of a model's particles (shaders/link_state_layout.h): which links of a tearable
// cloth grid are torn, and how far each node reaches along its row and column before a torn one.
// Built here for a model at rest, advanced by the tearing module (sim/modules/tearing.h), and read
// by every module that walks a tearable grid's links and by whatever draws or exports the cloth.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "shaders/link_state_layout.h"

namespace weft {

struct CornerAdjacency;
struct GridLayout;
struct Model;

// A link to cut (the viewer's knife): the one from `particle` in grid direction `direction`
// (0..7, sim/model/grid_layout.h: the structural and shear links).
struct LinkCut {
  uint32_t particle = 0;
  uint32_t direction = 0;
};

// The reach level of `intact_links` links in a row: their count's bit length, at most 15.
uint32_t reach_level(uint32_t intact_links);
// `state` with the reach level of `side` (WEFT_REACH_*) replaced.
uint32_t with_reach_level(uint32_t state, uint32_t side, uint32_t level);
inline uint32_t reach_level_of(uint32_t state, uint32_t side) {
  return (state >> (WEFT_REACH_SHIFT + WEFT_REACH_BITS * side)) & WEFT_REACH_MAX_LEVEL;
}
inline bool link_torn(uint32_t state, uint32_t direction) {
  return (state & (1u << direction)) != 0;
}

// Every particle's state with nothing torn: the nodes of grids that can tear reach to their
// grid's edges, every other particle is 0.
std::vector<uint32_t> initial_link_state(const Model& model);

// The grid that holds `particle` and can tear, or nullptr.
const GridLayout* tearable_grid_of(const Model& model, uint32_t particle);

// The bits of a's state that say the link a-b is torn (one grid direction, or for a bend link
// the direction two along: both links it spans), or 0 when a-b is not a link of a tearable grid.
uint32_t link_tear_bits(const Model& model, uint32_t a, uint32_t b);

// Whether a triangle of the model has lost an edge.
bool triangle_torn(const Model& model, const glm::uvec3& triangle,
                   const std::vector<uint32_t>& link_state);
// The model's triangles that still have all their edges: the cloth as it is drawn and exported.
std::vector<glm::uvec3> intact_triangles(const Model& model,
                                         const std::vector<uint32_t>& link_state);
// Per corner of `adjacency` (triangle_corners.h), the links whose tearing opens the corner's
// triangle: the bits of the corner's vertex's state for its two edges (low 16 bits), and of the
// next vertex's for the edge to the previous one (high 16 bits). All 0 when nothing can tear.
std::vector<uint32_t> corner_tear_bits(const Model& model, const CornerAdjacency& adjacency);
// Whether a corner whose tear bits are `bits` lost its triangle, given the states of the corner's
// vertex and the next one.
inline bool corner_opened(uint32_t bits, uint32_t state, uint32_t next_state) {
  return ((state & (bits & 0xffffu)) | (next_state & (bits >> 16))) != 0;
}

// Links torn in the model's tearable grids (structural and shear).
uint64_t count_torn_links(const Model& model, const std::vector<uint32_t>& link_state);

}  // namespace weft
