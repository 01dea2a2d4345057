// A validated model in the shape both solvers use: particle state as vec4s (xyz + inverse mass in
// w), springs as a per-particle adjacency, constraints grouped by colour, environment and
// settings as the shader's SimParams. The CPU reference and the GPU solver start from the same
// PackedModel, so they differ only in where the arithmetic happens.
#pragma once

#include <optional>
#include <vector>

#include <glm/vec4.hpp>

#include "sim/constraint_coloring.h"
#include "sim/frame_schedule.h"
#include "sim/gpu_types.h"
#include "sim/grid_layout.h"
#include "sim/model.h"
#include "sim/spring_adjacency.h"

namespace weft {

struct PackedModel {
  gpu::SimParams params{};  // dt is filled in per substep by the solver
  SolverSettings solver;
  // The grid path runs this model: springs and constraints come from `grid` (grid_layout.h),
  // and `springs` and `constraints` below stay empty.
  bool grid_path = false;
  std::optional<GridLayout> grid;  // set on the grid path
  gpu::GridParams grid_params{};
  std::vector<glm::vec4> positions;   // xyz: m; w: inverse mass
  std::vector<glm::vec4> previous;    // xyz: x - v dt (Verlet's x_prev) or x (Euler)
  std::vector<glm::vec4> velocities;  // xyz: m/s
  SpringAdjacency springs;
  ColoredConstraints constraints;
  // The model's anchors, then one slot reserved for a mouse drag (sim/particle_drag.h), which
  // params.anchor_count covers only while a drag is on.
  std::vector<gpu::Anchor> anchors;
  std::vector<glm::vec4> spheres;  // xyz: centre; w: radius

  // XPBD multipliers the solvers keep: one per constraint, or kGridLambdasPerParticle per
  // particle on the grid path when a constraint kind is compliant (none otherwise).
  size_t lambda_count() const;
  uint32_t particle_count() const { return static_cast<uint32_t>(positions.size()); }
  uint32_t model_anchor_count() const { return static_cast<uint32_t>(anchors.size()) - 1; }
  uint32_t drag_anchor_slot() const { return model_anchor_count(); }
  bool has_collisions() const {
    return !spheres.empty() || params.ground_mode == WEFT_GROUND_PROJECTION;
  }
  // Which passes a frame of `substeps` substeps runs (see frame_schedule.h).
  FrameShape frame_shape(uint32_t substeps, bool has_external_forces) const {
    FrameShape shape;
    shape.substeps = substeps;
    shape.grid_path = grid_path;
    const bool has_constraints =
        grid_path ? grid_params.constraint_kinds != 0 : !constraints.constraints.empty();
    shape.relaxation_sweeps = has_constraints ? solver.relaxation_sweeps : 0u;
    shape.color_offsets = constraints.color_offsets;
    shape.has_external_forces = has_external_forces;
    shape.has_anchors = params.anchor_count > 0;
    shape.has_collisions = has_collisions();
    return shape;
  }
};

// Validates the model (throws ModelError) and packs it for the variant its settings ask for
// (see SolverVariant); `grid` on a model the grid path cannot run throws ModelError saying why.
PackedModel pack_model(const Model& model);

// The environment and settings part of SimParams, for a model whose particles are already packed.
gpu::SimParams make_sim_params(const Model& model);

}  // namespace weft
