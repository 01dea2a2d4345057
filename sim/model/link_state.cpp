#include "sim/model/link_state.h"

#include <bit>

#include "sim/model/grid_layout.h"
#include "sim/model/model.h"
#include "sim/model/triangle_corners.h"

namespace weft {

uint32_t reach_level(uint32_t intact_links) {
  return std::min<uint32_t>(static_cast<uint32_t>(std::bit_width(intact_links)),
                            WEFT_REACH_MAX_LEVEL);
}

uint32_t with_reach_level(uint32_t state, uint32_t side, uint32_t level) {
  const uint32_t shift = WEFT_REACH_SHIFT + WEFT_REACH_BITS * side;
  return (state & ~(WEFT_REACH_MAX_LEVEL << shift)) | (level << shift);
}

std::vector<uint32_t> initial_link_state(const Model& model) {
  std::vector<uint32_t> state(model.particle_count(), 0);
  for (const GridLayout& grid : model.grids) {
    if (grid.break_strain <= 0.0f) continue;
    for (uint32_t r = 0; r < grid.rows; ++r) {
      for (uint32_t c = 0; c < grid.columns; ++c) {
        uint32_t& s = state[grid.first_particle + r * grid.columns + c];
        s = with_reach_level(s, WEFT_REACH_ROW_LOWER, reach_level(c));
        s = with_reach_level(s, WEFT_REACH_ROW_HIGHER, reach_level(grid.columns - 1 - c));
        s = with_reach_level(s, WEFT_REACH_COLUMN_LOWER, reach_level(r));
        s = with_reach_level(s, WEFT_REACH_COLUMN_HIGHER, reach_level(grid.rows - 1 - r));
      }
    }
  }
  return state;
}

const GridLayout* tearable_grid_of(const Model& model, uint32_t particle) {
  for (const GridLayout& grid : model.grids) {
    if (grid.break_strain > 0.0f && grid.holds(particle)) return &grid;
  }
  return nullptr;
}

uint32_t link_tear_bits(const Model& model, uint32_t a, uint32_t b) {
  const GridLayout* grid = tearable_grid_of(model, a);
  if (!grid || !grid->holds(b)) return 0;
  const uint32_t na = a - grid->first_particle;
  const uint32_t nb = b - grid->first_particle;
  const int dc = int(nb % grid->columns) - int(na % grid->columns);
  const int dr = int(nb / grid->columns) - int(na / grid->columns);
  for (uint32_t k = 0; k < kGridDirections.size(); ++k) {
    if (kGridDirections[k].column_offset == dc && kGridDirections[k].row_offset == dr) {
      return 1u << k;
    }
  }
  return 0;
}

bool triangle_torn(const Model& model, const glm::uvec3& t,
                   const std::vector<uint32_t>& link_state) {
  // Both ends of a torn link carry its bit: a's two edges and b's third are enough.
  const uint32_t a_bits = link_tear_bits(model, t.x, t.y) | link_tear_bits(model, t.x, t.z);
  const uint32_t b_bits = link_tear_bits(model, t.y, t.z);
  return (link_state[t.x] & a_bits) != 0 || (link_state[t.y] & b_bits) != 0;
}

std::vector<glm::uvec3> intact_triangles(const Model& model,
                                         const std::vector<uint32_t>& link_state) {
  std::vector<glm::uvec3> intact;
  intact.reserve(model.triangles.size());
  for (const glm::uvec3& t : model.triangles) {
    if (!triangle_torn(model, t, link_state)) intact.push_back(t);
  }
  return intact;
}

std::vector<uint32_t> corner_tear_bits(const Model& model, const CornerAdjacency& adjacency) {
  std::vector<uint32_t> bits(adjacency.corners.size(), 0);
  for (uint32_t i = 0; i + 1 < adjacency.offsets.size(); ++i) {
    for (uint32_t k = adjacency.offsets[i]; k < adjacency.offsets[i + 1]; ++k) {
      const gpu::TriangleCorner& c = adjacency.corners[k];
      bits[k] = link_tear_bits(model, i, c.next) | link_tear_bits(model, i, c.prev) |
                link_tear_bits(model, c.next, c.prev) << 16;
    }
  }
  return bits;
}

uint64_t count_torn_links(const Model& model, const std::vector<uint32_t>& link_state) {
  // Each link counted once, at the end it leads forward from (even directions).
  uint64_t torn = 0;
  for (const GridLayout& grid : model.grids) {
    if (grid.break_strain <= 0.0f) continue;
    for (uint64_t node = 0; node < grid.node_count(); ++node) {
      const uint32_t s = link_state[grid.first_particle + node];
      for (uint32_t k = 0; k < 8; k += 2)
        torn += link_torn(s, k) ? 1 : 0;
    }
  }
  return torn;
}

}  // namespace weft
