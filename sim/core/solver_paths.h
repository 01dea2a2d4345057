// Which solver modules run which part of a model. Every cloth grid runs either on the grid
// modules (neighbours by index) or on the general ones (lists of links), as SolverVariant asks;
// every other object runs on the general ones. Both solvers build their modules from this plan.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "sim/model/gpu_types.h"
#include "sim/model/model.h"

namespace weft {

class SolverPaths {
 public:
  // Throws ModelError when the grid path is asked for and cannot run the model. Without links,
  // springs() and constraints() are left empty (a plan for the particles only: cheap).
  explicit SolverPaths(const Model& model, bool with_links = true);

  // Indices into Model::grids of the grids the grid modules run, in particle order.
  const std::vector<size_t>& grid_path() const { return grid_path_; }
  // The particles the general force gather covers: all but those of grids on the grid path.
  const std::vector<gpu::ParticleRange>& general_particles() const { return general_; }
  uint32_t general_particle_count() const { return general_count_; }
  // The links the general modules run: the model's, less those of grids on the grid path, plus
  // the links of unlisted grids on the general path.
  const std::vector<Spring>& springs() const {
    return springs_ ? *springs_ : with_links_ ? model_->springs : kNoSprings;
  }
  // The bending elements the general modules run: the model's listed ones (meshes'; cloth grids
  // bend along their lines on either path: bending_lines.h).
  const std::vector<BendingElement>& bending() const {
    return with_links_ ? model_->bending : kNoBending;
  }
  const std::vector<DistanceConstraint>& constraints() const {
    return constraints_ ? *constraints_ : with_links_ ? model_->constraints : kNoConstraints;
  }

 private:
  static inline const std::vector<Spring> kNoSprings;
  static inline const std::vector<DistanceConstraint> kNoConstraints;
  static inline const std::vector<BendingElement> kNoBending;

  const Model* model_;
  bool with_links_;
  std::vector<size_t> grid_path_;
  std::vector<gpu::ParticleRange> general_;
  uint32_t general_count_ = 0;
  std::optional<std::vector<Spring>> springs_;  // set only when they differ from the model's
  std::optional<std::vector<DistanceConstraint>> constraints_;
};

}  // namespace weft
