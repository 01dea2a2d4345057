#include "sim/modules/grid_bending.h"

#include <string>

#include "shaders/line_solves_layout.h"
#include "sim/model/grid_layout.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/modules/particle_integration.h"

namespace weft {

static_assert(WEFT_GRID_BENDING_BINDING_GRIDS == 0 && WEFT_GRID_BENDING_BINDING_FACTORS == 1 &&
                  WEFT_GRID_BENDING_BINDING_BETAS == 2,
              "the module's buffers are BendingLines::buffers() in turn");

namespace {

const PassInfo kSolve{"grid bending", "bend_grid_lines.comp"};

// The grids that bend and whose stretch is not solved along lines (line_solves.h bends those).
std::vector<GridLayout> bending_grids(const Model& model) {
  std::vector<GridLayout> grids;
  for (const GridLayout& layout : model.grids) {
    if (layout.bending_stiffness > 0.0f && !stretch_solved_along_lines(layout)) {
      grids.push_back(layout);
    }
  }
  return grids;
}

}  // namespace

GridBending::GridBending(const ModuleContext& context)
    : lines_(bending_grids(context.model)), particle_count_(context.model.particle_count()) {}

std::vector<const PassInfo*> GridBending::passes() const {
  return {&kSolve};
}

void GridBending::schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                           std::vector<Step>& steps) const {
  if (stage != Stage::project || sweep != 0) return;
  for (uint32_t axis : {WEFT_BEND_ALONG_ROWS, WEFT_BEND_ALONG_COLUMNS}) {
    Step step = make_step(*this, kSolve, substep, sweep, axis);
    gpu::GridBendingPush push{};
    push.axis = axis;
    push.line_count = lines_.line_count(axis);
    push.grid_count = static_cast<uint32_t>(lines_.grids().size());
    if (axis == WEFT_BEND_ALONG_ROWS && shape.integration_in_lines) {
      push.integrate = shape.environment_in_integration ? WEFT_BEND_INTEGRATE_ENVIRONMENT
                                                        : WEFT_BEND_INTEGRATE_FORCES;
    }
    step.push = to_push(push);
    steps.push_back(std::move(step));
  }
}

std::string GridBending::label(const Step& step) const {
  if (step.part != WEFT_BEND_ALONG_ROWS) return "grid bending (columns)";
  return from_push<gpu::GridBendingPush>(step.push).integrate != WEFT_BEND_INTEGRATE_NONE
             ? "grid bending (rows, integrating)"
             : "grid bending (rows)";
}

uint32_t GridBending::threads(const Step& step) const {
  // A workgroup per WEFT_LINES_PER_GROUP lines (shaders/line_walk.glsl).
  const uint32_t lines = from_push<gpu::GridBendingPush>(step.push).line_count;
  return (lines + WEFT_LINES_PER_GROUP - 1) / WEFT_LINES_PER_GROUP * WEFT_GROUP_SIZE;
}

// shaders/bend_grid_lines.comp
template <typename Real>
void GridBending::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  const gpu::GridBendingPush push = from_push<gpu::GridBendingPush>(step.push);
  if (push.integrate != WEFT_BEND_INTEGRATE_NONE) {
    // Every particle is a node of these grids; the shader integrates each as it loads it, which
    // comes to the same as integrating them all first (a step reads only its own particle).
    integrate_particles(pass, push.integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
  }
  // The lines of one axis share no node: each is solved on its own, as on the GPU.
  pass.for_each(
      push.line_count,
      [&](uint32_t t) { lines_.solve_line(push.axis, t, pass.params, pass.state); }, 2);
}

uint64_t GridBending::bytes(const Step& step, const TrafficContext& context) const {
  // The walk's own data (bending_lines.h); per node, read x and its link state where the grid
  // tears; write x where it is free (Euler: read and write v too). Integrating as well, per free
  // node: Verlet reads and writes x_prev and what rounding owes the step (64 B), Euler writes
  // x_prev (its v is counted above), and the force is read where one was gathered.
  const gpu::GridBendingPush push = from_push<gpu::GridBendingPush>(step.push);
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  uint64_t integration = 0;
  if (push.integrate != WEFT_BEND_INTEGRATE_NONE) {
    integration = (verlet ? 64 : 16) + (push.integrate == WEFT_BEND_INTEGRATE_FORCES ? 16 : 0);
  }
  uint64_t bytes = lines_.bytes(push.axis);
  for (const gpu::BendingGrid& grid : lines_.grids()) {
    for (uint32_t node = 0; node < grid.columns * grid.rows; ++node) {
      bytes += 16 + (grid.tears != 0 ? 4 : 0);
      if (!context.pinned(grid.first_particle + node)) bytes += (verlet ? 16 : 48) + integration;
    }
  }
  return bytes;
}

std::vector<uint32_t> GridBending::apply_edit(const Model& model, const SolverPaths&,
                                              EditScope scope) {
  if (scope != EditScope::materials) return {};
  BendingLines edited = lines_;
  if (!edited.apply_materials(bending_grids(model))) {
    throw ModelError(
        "a live edit cannot make a cloth grid of springs bend when it did not, or stop it "
        "bending; rebuild the simulation instead");
  }
  lines_ = std::move(edited);
  return {WEFT_GRID_BENDING_BINDING_GRIDS};
}

}  // namespace weft
