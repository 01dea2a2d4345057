#include "sim/model/torn_pieces.h"

#include <numeric>
#include <vector>

#include "sim/model/grid_layout.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"

namespace weft {

namespace {

// Union-find over a grid's nodes, with path halving.
struct NodeSets {
  std::vector<uint32_t> parent;
  explicit NodeSets(uint32_t count) : parent(count) { std::iota(parent.begin(), parent.end(), 0u); }
  uint32_t root(uint32_t n) {
    while (parent[n] != n) {
      parent[n] = parent[parent[n]];
      n = parent[n];
    }
    return n;
  }
  void join(uint32_t a, uint32_t b) { parent[root(a)] = root(b); }
};

}  // namespace

TornPieces count_torn_pieces(const Model& model, std::span<const uint32_t> link_state) {
  TornPieces result;
  for (const GridLayout& grid : model.grids) {
    if (grid.break_strain <= 0.0f) continue;
    const uint32_t nodes = uint32_t(grid.node_count());
    NodeSets sets(nodes);
    for (uint32_t n = 0; n < nodes; ++n) {
      const uint32_t state = link_state[grid.first_particle + n];
      // Directions 0..7 (sim/model/grid_layout.h); each link is seen from both its ends, once
      // whole.
      for (uint32_t k = 0; k < 8; ++k) {
        const int c = int(n % grid.columns) + kGridDirections[k].column_offset;
        const int r = int(n / grid.columns) + kGridDirections[k].row_offset;
        if (c < 0 || r < 0 || c >= int(grid.columns) || r >= int(grid.rows)) continue;
        if (!link_torn(state, k)) sets.join(n, uint32_t(r) * grid.columns + uint32_t(c));
      }
    }
    std::vector<bool> is_root(nodes, false);
    std::vector<bool> pinned(nodes, false);
    for (uint32_t n = 0; n < nodes; ++n) {
      const uint32_t root = sets.root(n);
      is_root[root] = true;
      if (model.inverse_masses[grid.first_particle + n] == 0.0f) pinned[root] = true;
    }
    for (uint32_t n = 0; n < nodes; ++n) {
      result.pieces += is_root[n] ? 1u : 0u;
      result.held += is_root[n] && pinned[n] ? 1u : 0u;
    }
  }
  return result;
}

}  // namespace weft
