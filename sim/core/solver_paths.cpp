#include "sim/core/solver_paths.h"

#include <algorithm>

#include "sim/model/grid_layout.h"
#include "sim/model/model_error.h"

namespace weft {

namespace {

bool takes_grid_path(const Model& model, size_t index) {
  const GridLayout& grid = model.grids[index];
  const std::optional<std::string> refusal = grid_path_refusal(model, index);
  switch (model.solver.variant) {
    case SolverVariant::general: return false;
    case SolverVariant::automatic: return !refusal && !grid.links_listed;
    case SolverVariant::grid:
      if (refusal) {
        throw ModelError("the grid solver path cannot run cloth grid " + std::to_string(index) +
                         ": " + *refusal);
      }
      return true;
  }
  return false;
}

// The model's links less those in the listed ranges of the grids on the grid path.
template <typename Link>
std::vector<Link> without_ranges(const std::vector<Link>& links,
                                 std::vector<std::pair<size_t, size_t>> ranges) {
  std::sort(ranges.begin(), ranges.end());
  std::vector<Link> kept;
  kept.reserve(links.size());
  size_t next = 0;
  for (const auto& [first, count] : ranges) {
    kept.insert(kept.end(), links.begin() + static_cast<ptrdiff_t>(next),
                links.begin() + static_cast<ptrdiff_t>(first));
    next = first + count;
  }
  kept.insert(kept.end(), links.begin() + static_cast<ptrdiff_t>(next), links.end());
  return kept;
}

}  // namespace

SolverPaths::SolverPaths(const Model& model, bool with_links)
    : model_(&model), with_links_(with_links) {
  if (model.solver.variant == SolverVariant::grid && model.grids.empty()) {
    throw ModelError("the grid solver path cannot run this model: it has no cloth grid");
  }
  std::vector<std::pair<size_t, size_t>> grid_springs;
  std::vector<std::pair<size_t, size_t>> grid_constraints;
  std::vector<size_t> to_list;  // unlisted grids on the general path
  for (size_t g = 0; g < model.grids.size(); ++g) {
    const GridLayout& grid = model.grids[g];
    if (takes_grid_path(model, g)) {
      grid_path_.push_back(g);
      grid_springs.emplace_back(grid.first_spring, grid.spring_count);
      grid_constraints.emplace_back(grid.first_constraint, grid.constraint_count);
    } else if (!grid.links_listed) {
      to_list.push_back(g);
    }
  }
  std::sort(grid_path_.begin(), grid_path_.end(), [&](size_t a, size_t b) {
    return model.grids[a].first_particle < model.grids[b].first_particle;
  });

  // The general particles: the gaps between the grid-path grids.
  uint32_t next = 0;
  auto add_range = [&](uint32_t first, uint32_t end) {
    if (end <= first) return;
    general_.push_back({first, general_count_, end - first, 0});
    general_count_ += end - first;
  };
  for (size_t g : grid_path_) {
    const GridLayout& grid = model.grids[g];
    add_range(next, grid.first_particle);
    next = grid.first_particle + static_cast<uint32_t>(grid.node_count());
  }
  add_range(next, model.particle_count());

  if (with_links && (!grid_springs.empty() || !to_list.empty())) {
    springs_ = without_ranges(model.springs, grid_springs);
    constraints_ = without_ranges(model.constraints, grid_constraints);
    for (size_t g : to_list)
      list_grid_links(model.grids[g], *springs_, *constraints_);
  }
}

}  // namespace weft
