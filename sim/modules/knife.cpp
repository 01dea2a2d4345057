#include "sim/modules/knife.h"

#include <string>

#include "sim/model.h"
#include "sim/model_error.h"
#include "sim/modules/tearing.h"

namespace weft {

static_assert(sizeof(gpu::LinkCut) == 8);

namespace {

const PassInfo kCut{"cut links", "cut_links.comp"};

constexpr uint32_t kGrids = WEFT_TEARING_BINDING_GRIDS;
constexpr uint32_t kCuts = WEFT_TEARING_BINDING_CUTS;

}  // namespace

Knife::Knife(const ModuleContext& context) : grids_(context.model, tearable_grids(context.model)) {
  // A stroke across a grid crosses a few links per row or column it passes: a frame takes that
  // many for every grid at once, and a longer list waits for the next frames.
  for (const GridLayout& grid : grids_.layouts())
    cut_capacity_ += 8 * (grid.columns + grid.rows);
}

std::vector<const PassInfo*> Knife::passes() const {
  return {&kCut, &kUpdateReach};
}

void Knife::cut(const std::vector<LinkCut>& cuts) {
  std::vector<std::pair<uint32_t, uint32_t>> accepted;
  for (const LinkCut& cut : cuts) {
    const std::string which = "cut of the link from particle " + std::to_string(cut.particle) +
                              " in direction " + std::to_string(cut.direction);
    if (cut.direction >= 8) {
      throw ModelError(which + ": a cut's direction is 0..7 (structural and shear links)");
    }
    uint32_t g = 0;
    while (g < grids_.grid_count() && !grids_.layouts()[g].holds(cut.particle))
      ++g;
    if (g == grids_.grid_count()) {
      throw ModelError(which +
                       ": the particle is in no cloth that can tear (give its material a "
                       "break_strain)");
    }
    const gpu::GridParams& grid = grids_.params()[g];
    const GridDirection& direction = kGridDirections[cut.direction];
    uint32_t node = cut.particle - grid.first_particle;
    uint32_t other = 0;
    if (!GridSet::neighbour(grid, node % grid.columns, node / grid.columns, direction, other) ||
        ((grid.spring_kinds | grid.constraint_kinds) & grid_kind_bit(direction.kind)) == 0) {
      throw ModelError(which + ": the cloth has no such link");
    }
    uint32_t forward = cut.direction;
    if (!direction.forward) {  // each link from the end it leads forward from
      std::swap(node, other);
      --forward;
    }
    accepted.emplace_back(grid.first_thread + node, forward);
  }
  queued_.insert(accepted.begin(), accepted.end());
}

void Knife::begin_frame() {
  frame_cuts_.clear();
  uploaded_ = false;
  while (!queued_.empty() && frame_cuts_.size() < cut_capacity_) {
    const auto [thread, direction] = *queued_.begin();
    frame_cuts_.push_back({thread, direction});
    queued_.erase(queued_.begin());
  }
}

void Knife::end_frame() {
  frame_cuts_.clear();
}

void Knife::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                     std::vector<Step>& steps) const {
  // First in the frame, so that every substep's passes see the cut.
  if (stage != Stage::anchors || substep != 0) return;
  gpu::TearingPush push{};
  push.thread_count = grids_.thread_count();
  push.grid_count = grids_.grid_count();
  for (const PassInfo* pass : {&kCut, &kUpdateReach}) {
    Step step = make_step(*this, *pass, substep);
    step.push = to_push(push);
    steps.push_back(std::move(step));
  }
}

uint32_t Knife::threads(const Step& step) const {
  return step.pass == &kCut ? static_cast<uint32_t>(frame_cuts_.size()) : grids_.thread_count();
}

PushConstants Knife::push(const Step& step) const {
  auto push = from_push<gpu::TearingPush>(step.push);
  push.cut_count = static_cast<uint32_t>(frame_cuts_.size());
  return to_push(push);
}

std::vector<ModuleBuffer> Knife::buffers() const {
  std::vector<ModuleBuffer> buffers(2);
  buffers[kGrids] = {"grids", grids_.params().size() * sizeof(gpu::GridParams),
                     grids_.params().data()};
  buffers[kCuts] = {"cuts", uint64_t{cut_capacity_} * sizeof(gpu::LinkCut), nullptr};
  return buffers;
}

void Knife::take_updates(std::vector<BufferUpdate>& updates) {
  if (uploaded_ || frame_cuts_.empty()) return;
  updates.push_back({kCuts, 0, frame_cuts_.size() * sizeof(gpu::LinkCut), frame_cuts_.data()});
  uploaded_ = true;
}

// shaders/cut_links.comp, then shaders/update_reach.comp
template <typename Real>
void Knife::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  std::vector<uint32_t>& state = pass.state.link_state;
  if (step.pass != &kCut) {
    update_reach(grids_, pass.state.positions, state);
    return;
  }
  for (const gpu::LinkCut& cut : frame_cuts_) {
    const gpu::GridParams& grid = grids_.params()[grids_.grid_of_thread(cut.thread)];
    const uint32_t node = cut.thread - grid.first_thread;
    uint32_t other = 0;
    if (link_torn(state[grid.first_particle + node], cut.direction) ||
        !GridSet::neighbour(grid, node % grid.columns, node / grid.columns,
                            kGridDirections[cut.direction], other)) {
      continue;
    }
    tear_link(grid, node, cut.direction, other, state, pass.state.torn_links);
  }
}

uint64_t Knife::bytes(const Step& step, const TrafficContext&) const {
  if (step.pass != &kCut) return update_reach_bytes(grids_);
  // Each cut reads its entry and its node's state; the bits it sets are written once each.
  return frame_cuts_.size() * (sizeof(gpu::LinkCut) + 4 + 2 * 4) +
         grids_.params().size() * sizeof(gpu::GridParams);
}

std::vector<uint32_t> Knife::apply_edit(const Model& model, const SolverPaths&, EditScope scope) {
  if (scope != EditScope::materials) return {};
  GridSet edited(model, tearable_grids(model));
  if (edited.grid_count() != grids_.grid_count() ||
      edited.thread_count() != grids_.thread_count()) {
    throw ModelError(
        "a live edit cannot make a cloth tear that did not, or stop one tearing; rebuild the "
        "simulation instead");
  }
  grids_ = std::move(edited);
  return {kGrids};
}

}  // namespace weft
