// What the line solves of cloth grids (bending_lines.h, stretch_lines.h) share: a dispatch along
// rows (or columns) gives each line of every grid a thread, grid after grid.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace weft {

// The grid line thread t belongs to: the last whose first line is at or before it (Grid: a
// gpu::BendingGrid or gpu::StretchGrid, with first_row_line and first_column_line).
template <typename Grid>
size_t grid_of_line(const std::vector<Grid>& grids, bool rows, uint32_t t) {
  size_t g = 0;
  for (size_t k = 1; k < grids.size(); ++k) {
    if (t >= (rows ? grids[k].first_row_line : grids[k].first_column_line)) g = k;
  }
  return g;
}

}  // namespace weft
