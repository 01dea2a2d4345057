#include "sim/modules/grid_set.h"

#include <algorithm>
#include <cstddef>
#include <string>

#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/core/solver_paths.h"

namespace weft {

static_assert(sizeof(gpu::GridParams) == 144);
static_assert(offsetof(gpu::GridParams, break_strain) == 128);
static_assert(offsetof(gpu::GridParams, rest_lengths) == 16);
static_assert(offsetof(gpu::GridParams, compliance) == 80);
static_assert(offsetof(gpu::GridParams, compression) == 96);
static_assert(offsetof(gpu::GridParams, jacobi_scale) == 112);
static_assert(offsetof(gpu::GridParams, uses_lambdas) == 116);
static_assert(offsetof(gpu::GridParams, first_particle) == 120);
static_assert(offsetof(gpu::GridParams, first_thread) == 124);
static_assert(sizeof(gpu::GridPush) == 16);
static_assert(offsetof(gpu::GridPush, read_scratch) == 12);
static_assert(sizeof(gpu::GridTilesPush) == 24);
static_assert(offsetof(gpu::GridTilesPush, sweeps) == 16);
static_assert(offsetof(gpu::GridTilesPush, tile) == 20);
// relax_grid_jacobi.comp: a workgroup's square, WEFT_GRID_TILE_NODES nodes per invocation, and
// shared memory within the 32 KB lavapipe gives (a position and six multipliers per node).
static_assert(WEFT_GRID_TILE_NODES * WEFT_GROUP_SIZE >= WEFT_GRID_TILE_SPAN * WEFT_GRID_TILE_SPAN);
static_assert(WEFT_GRID_TILE_SPAN * WEFT_GRID_TILE_SPAN * (16 + 6 * 4) <= 32768);

GridSet::GridSet(const Model& model, const SolverPaths& paths)
    : GridSet(model, paths.grid_path()) {}

GridSet::GridSet(const Model& model, const std::vector<size_t>& grids) {
  for (size_t g : grids) {
    const GridLayout& layout = model.grids[g];
    gpu::GridParams grid = make_grid_params(layout);
    grid.first_thread = thread_count_;
    thread_count_ += static_cast<uint32_t>(layout.node_count());
    params_.push_back(grid);
    layouts_.push_back(layout);
  }
}

uint32_t GridSet::grid_of_thread(uint32_t t) const {
  auto after = std::upper_bound(
      params_.begin(), params_.end(), t,
      [](uint32_t thread, const gpu::GridParams& g) { return thread < g.first_thread; });
  return static_cast<uint32_t>(after - params_.begin()) - 1;
}

bool GridSet::neighbour(const gpu::GridParams& grid, uint32_t column, uint32_t row,
                        const GridDirection& d, uint32_t& node) {
  const int c = static_cast<int>(column) + d.column_offset;
  const int r = static_cast<int>(row) + d.row_offset;
  node = static_cast<uint32_t>(r) * grid.columns + static_cast<uint32_t>(c);
  return c >= 0 && c < static_cast<int>(grid.columns) && r >= 0 && r < static_cast<int>(grid.rows);
}

void GridSet::apply_materials(const Model& model, const SolverPaths& paths) {
  if (paths.grid_path().size() != params_.size()) {
    throw ModelError("a live edit cannot change which cloth grids run on the grid path (" +
                     std::to_string(params_.size()) + " running, " +
                     std::to_string(paths.grid_path().size()) +
                     " edited); rebuild the simulation instead");
  }
  for (size_t k = 0; k < params_.size(); ++k) {
    const GridLayout& layout = model.grids[paths.grid_path()[k]];
    if (layout.columns != layouts_[k].columns || layout.rows != layouts_[k].rows ||
        layout.first_particle != layouts_[k].first_particle) {
      throw ModelError(
          "a live edit cannot change a cloth grid's size; rebuild the simulation "
          "instead");
    }
    gpu::GridParams grid = make_grid_params(layout);
    grid.first_thread = params_[k].first_thread;
    params_[k] = grid;
    layouts_[k] = layout;
  }
}

}  // namespace weft
