// What tests of a torn cloth ask of its link state (shaders/link_state_layout.h).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/model/grid_layout.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"

namespace weft::test {

// Whether particles a and b of the model's one grid are joined by links that have not torn.
inline bool joined(const Model& model, const std::vector<uint32_t>& state, uint32_t a, uint32_t b) {
  const GridLayout& grid = model.grids.at(0);
  std::vector<bool> reached(grid.node_count(), false);
  std::vector<uint32_t> todo = {a};
  reached[a] = true;
  while (!todo.empty()) {
    const uint32_t n = todo.back();
    todo.pop_back();
    for (uint32_t k = 0; k < 8; ++k) {
      const int c = int(n % grid.columns) + kGridDirections[k].column_offset;
      const int r = int(n / grid.columns) + kGridDirections[k].row_offset;
      if (c < 0 || r < 0 || c >= int(grid.columns) || r >= int(grid.rows)) continue;
      const uint32_t m = uint32_t(r) * grid.columns + uint32_t(c);
      if (link_torn(state[grid.first_particle + n], k) || reached[m]) continue;
      reached[m] = true;
      todo.push_back(m);
    }
  }
  return reached[b];
}

}  // namespace weft::test
