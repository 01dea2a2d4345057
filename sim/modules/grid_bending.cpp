#include "sim/modules/grid_bending.h"

#include <string>

#include "shaders/line_solves_layout.h"
#include "sim/model/grid_layout.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"

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
      push.integrate = BendingLines::integration(shape);
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
  BendingLines::integrate_first(push.integrate, pass);
  // The lines of one axis share no node: each is solved on its own, as on the GPU.
  pass.for_each(
      push.line_count,
      [&](uint32_t t) { lines_.solve_line(push.axis, t, pass.params, pass.state); }, 2);
}

uint64_t GridBending::bytes(const Step& step, const TrafficContext& context) const {
  const gpu::GridBendingPush push = from_push<gpu::GridBendingPush>(step.push);
  return lines_.bytes(push.axis) + lines_.state_bytes(context, push.integrate);
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
