#include "sim/modules/line_solves.h"

#include "shaders/grid_cloth.h"
#include "sim/model/grid_layout.h"

namespace weft {

static_assert(sizeof(gpu::LineSolvesPush) == 20);
// The walks' buffers follow one another in the owning module's set.
static_assert(WEFT_LINES_BINDING_BENDING_GRIDS == WEFT_STRETCH_BINDING_SLOTS + 1);
static_assert(WEFT_LINES_BINDING_BENDING_FACTORS == WEFT_LINES_BINDING_BENDING_GRIDS + 1);
static_assert(WEFT_LINES_BINDING_BENDING_BETAS == WEFT_LINES_BINDING_BENDING_FACTORS + 1);
static_assert(WEFT_GRID_BINDING_LAMBDAS_SCRATCH > WEFT_LINES_BINDING_BENDING_BETAS);
static_assert(WEFT_STRETCH_ALONG_ROWS == WEFT_BEND_ALONG_ROWS &&
              WEFT_STRETCH_ALONG_COLUMNS == WEFT_BEND_ALONG_COLUMNS);

namespace {

const PassInfo kSolve{"bending and stretch along lines", "solve_grid_lines.comp"};

std::vector<GridLayout> solved_along_lines(const std::vector<GridLayout>& layouts) {
  std::vector<GridLayout> solved;
  for (const GridLayout& layout : layouts) {
    if (stretch_solved_along_lines(layout)) solved.push_back(layout);
  }
  return solved;
}

}  // namespace

LineSolves::LineSolves(const std::vector<GridLayout>& layouts, bool keeps_multipliers,
                       const StretchLines::MultiplierSlot& slot)
    : stretch_(layouts, keeps_multipliers, slot), bending_(solved_along_lines(layouts)) {}

const PassInfo& LineSolves::pass() {
  return kSolve;
}

void LineSolves::schedule(const SolverModule& module, const FrameShape& shape, bool integrate,
                          uint32_t substep, std::vector<Step>& steps) const {
  if (empty()) return;
  for (uint32_t axis : {WEFT_STRETCH_ALONG_ROWS, WEFT_STRETCH_ALONG_COLUMNS}) {
    Step step = make_step(module, kSolve, substep, 0, axis);
    gpu::LineSolvesPush push{};
    push.axis = axis;
    push.line_count = stretch_.line_count(axis);
    push.grid_count = static_cast<uint32_t>(stretch_.grids().size());
    if (axis == WEFT_STRETCH_ALONG_ROWS && integrate) {
      push.integrate = BendingLines::integration(shape);
    }
    push.keeps_multipliers = stretch_.keeps_multipliers() ? 1u : 0u;
    step.push = to_push(push);
    steps.push_back(std::move(step));
  }
}

std::string LineSolves::label(const Step& step) const {
  const auto push = from_push<gpu::LineSolvesPush>(step.push);
  if (push.axis != WEFT_STRETCH_ALONG_ROWS) return "bending and stretch along lines (columns)";
  return push.integrate != WEFT_BEND_INTEGRATE_NONE
             ? "bending and stretch along lines (rows, integrating)"
             : "bending and stretch along lines (rows)";
}

uint32_t LineSolves::threads(const Step& step) const {
  // A workgroup per WEFT_LINES_PER_GROUP lines (shaders/line_walk.glsl).
  const uint32_t lines = from_push<gpu::LineSolvesPush>(step.push).line_count;
  return (lines + WEFT_LINES_PER_GROUP - 1) / WEFT_LINES_PER_GROUP * WEFT_GROUP_SIZE;
}

std::vector<ModuleBuffer> LineSolves::buffers() const {
  std::vector<ModuleBuffer> buffers = stretch_.buffers();
  for (ModuleBuffer& buffer : bending_.buffers())
    buffers.push_back(std::move(buffer));
  return buffers;
}

// shaders/solve_grid_lines.comp: each line's bending, then its stretch. A workgroup walks the
// bending of its eight lines before their stretch; the lines of one axis share no node, so taking
// them one at a time comes to the same.
template <typename Real>
void LineSolves::run(const Step& step, CpuPass<Real>& pass, std::vector<Real>& lambdas) const {
  const auto push = from_push<gpu::LineSolvesPush>(step.push);
  BendingLines::integrate_first(push.integrate, pass);
  pass.for_each(
      push.line_count,
      [&](uint32_t t) {
        bending_.solve_line(push.axis, t, pass.params, pass.state);
        stretch_.solve_line(push.axis, t, pass.params, pass.state, lambdas);
      },
      2);
}

template void LineSolves::run(const Step&, CpuPass<float>&, std::vector<float>&) const;
template void LineSolves::run(const Step&, CpuPass<double>&, std::vector<double>&) const;

uint64_t LineSolves::bytes(const Step& step, const TrafficContext& context) const {
  // Both walks' own data, and the particles' state once: the stretch reads what the bending
  // wrote, and the traffic model counts an element once per dispatch.
  const auto push = from_push<gpu::LineSolvesPush>(step.push);
  return bending_.bytes(push.axis) + stretch_.bytes(push.axis) +
         bending_.state_bytes(context, push.integrate);
}

bool LineSolves::apply_materials(const std::vector<GridLayout>& layouts) {
  StretchLines stretch = stretch_;
  BendingLines bending = bending_;
  if (!stretch.apply_materials(layouts) || !bending.apply_materials(solved_along_lines(layouts))) {
    return false;
  }
  stretch_ = std::move(stretch);
  bending_ = std::move(bending);
  return true;
}

}  // namespace weft
