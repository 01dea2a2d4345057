// The cloth grids the grid modules run (grid_springs.h, grid_jacobi.h), packed for their shaders:
// one GridParams per grid, with the thread range each covers in a dispatch over every grid.
// Also the CPU reference of the shaders' neighbour lookup (shaders/grid_directions.glsl).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/model/grid_layout.h"

namespace weft {

class SolverPaths;
struct Model;

class GridSet {
 public:
  // The grids the plan puts on the grid path.
  GridSet(const Model& model, const SolverPaths& paths);
  // The model's grids of these indices (model.grids), in this order.
  GridSet(const Model& model, const std::vector<size_t>& grids);

  const std::vector<gpu::GridParams>& params() const { return params_; }
  const std::vector<GridLayout>& layouts() const { return layouts_; }
  uint32_t thread_count() const { return thread_count_; }
  uint32_t grid_count() const { return static_cast<uint32_t>(params_.size()); }
  bool empty() const { return params_.empty(); }

  // The grid thread t belongs to (grid_of_thread).
  uint32_t grid_of_thread(uint32_t t) const;
  // The node `direction` leads to from (column, row), as an index within the grid, or false
  // when it is off the grid (grid_neighbour).
  static bool neighbour(const gpu::GridParams& grid, uint32_t column, uint32_t row,
                        const GridDirection& direction, uint32_t& node);

  // The same grids with another model's materials (a live edit). Throws ModelError when the
  // grids differ in number or size.
  void apply_materials(const Model& model, const SolverPaths& paths);

 private:
  std::vector<gpu::GridParams> params_;
  std::vector<GridLayout> layouts_;
  uint32_t thread_count_ = 0;
};

// The bit of a link kind in GridParams::spring_kinds and constraint_kinds.
inline uint32_t grid_kind_bit(GridLinkKind kind) {
  return 1u << static_cast<uint32_t>(kind);
}

}  // namespace weft
