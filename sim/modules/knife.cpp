#include "sim/modules/knife.h"

#include <set>
#include <string>

#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/modules/tearing.h"

namespace weft {

static_assert(sizeof(gpu::LinkCut) == 8);

namespace {

const PassInfo kCut{"cut links", "cut_links.comp"};

constexpr uint32_t kGrids = WEFT_TEARING_BINDING_GRIDS;
constexpr uint32_t kCuts = WEFT_TEARING_BINDING_CUTS;
// The reach levels of every side (link_state_layout.h).
constexpr uint32_t kReachBits = ((1u << (4 * WEFT_REACH_BITS)) - 1) << WEFT_REACH_SHIFT;

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

bool Knife::take(const SolverEdit& edit) {
  const auto* cuts = std::get_if<LinkCutsEdit>(&edit);
  if (!cuts) return false;
  cut(cuts->cuts);
  return true;
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
  // In the first substep's anchors stage, before its sweeps: every relaxation of the frame sees
  // the cut (the first substep's forces and integration have already run on the uncut links).
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

// shaders/cut_links.comp: the frame's cuts, each link once, into `state`.
void Knife::apply_cuts(std::vector<uint32_t>& state, uint32_t& torn_links) const {
  for (const gpu::LinkCut& cut : frame_cuts_) {
    const gpu::GridParams& grid = grids_.params()[grids_.grid_of_thread(cut.thread)];
    const uint32_t node = cut.thread - grid.first_thread;
    uint32_t other = 0;
    if (link_torn(state[grid.first_particle + node], cut.direction) ||
        !GridSet::neighbour(grid, node % grid.columns, node / grid.columns,
                            kGridDirections[cut.direction], other)) {
      continue;
    }
    tear_link(grid, node, cut.direction, other, state, torn_links);
  }
}

// shaders/cut_links.comp, then shaders/update_reach.comp
template <typename Real>
void Knife::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  if (step.pass != &kCut) {
    update_reach(grids_, pass.state.positions, pass.state.link_state);
    return;
  }
  apply_cuts(pass.state.link_state, pass.state.torn_links);
}

uint64_t Knife::reach_bytes(const TrafficContext& context) const {
  // What every frame's recount moves (the first node of each row and column), and the lines the
  // cuts changed, walked both ways: each node's state read, the x of both ends of each link not
  // torn read (whether it yields), and the states whose levels change written.
  std::vector<uint32_t> cut = *context.link_state;
  uint32_t torn = 0;
  apply_cuts(cut, torn);
  std::vector<uint32_t> counted = cut;
  update_reach(grids_, *context.positions, counted);
  std::vector<bool> state(cut.size(), false), position(cut.size(), false);
  std::vector<bool> written(cut.size(), false);
  for (const GridLayout& grid : grids_.layouts()) {
    auto line = [&](uint32_t head, uint32_t nodes, uint32_t stride, uint32_t axis) {
      for (uint32_t n = 0; n < nodes; ++n) {
        const uint32_t p = head + n * stride;
        const bool after = n + 1 < nodes && !link_torn(cut[p], 2 * axis);
        const bool before = n > 0 && !link_torn(cut[p - stride], 2 * axis);
        position[p] = position[p] || after || before;
        const uint32_t node = p - grid.first_particle;
        if (node % grid.columns == 0 || node / grid.columns == 0) continue;  // a head: counted
        state[p] = true;
        written[p] = written[p] || (cut[p] & kReachBits) != (counted[p] & kReachBits);
      }
    };
    for (uint32_t r = 0; r < grid.rows; ++r) {
      const uint32_t head = grid.first_particle + r * grid.columns;
      if ((cut[head] & WEFT_LINK_ROW_CHANGED) != 0) line(head, grid.columns, 1, 0);
    }
    for (uint32_t c = 0; c < grid.columns; ++c) {
      const uint32_t head = grid.first_particle + c;
      if ((cut[head] & WEFT_LINK_COLUMN_CHANGED) != 0) line(head, grid.rows, grid.columns, 1);
    }
  }
  uint64_t bytes = update_reach_bytes(grids_);
  for (size_t i = 0; i < cut.size(); ++i)
    bytes += (state[i] ? 4 : 0) + (position[i] ? 16 : 0) + (written[i] ? 4 : 0);
  return bytes;
}

uint64_t Knife::bytes(const Step& step, const TrafficContext& context) const {
  if (step.pass != &kCut) return reach_bytes(context);
  // Each cut reads its entry, the grids its search for its grid visits, and its node's link state;
  // breaking the link (intact: the knife crosses a link once) reads and writes, with atomics, the
  // link states of its two ends and, for a structural link, of the ends of the bend links across
  // it and its line's first node, and the count of torn links. Neighbouring cuts share states.
  std::set<uint32_t> grids, states;
  for (const gpu::LinkCut& cut : frame_cuts_) {
    uint32_t low = 0, high = grids_.grid_count();
    while (high - low > 1) {  // grid_of_thread in shaders/grid_directions.glsl
      const uint32_t middle = (low + high) / 2;
      grids.insert(middle);
      (grids_.params()[middle].first_thread <= cut.thread ? low : high) = middle;
    }
    grids.insert(low);
    const gpu::GridParams& grid = grids_.params()[low];
    const uint32_t node = cut.thread - grid.first_thread;
    const uint32_t column = node % grid.columns, row = node / grid.columns;
    uint32_t other = 0;
    states.insert(grid.first_particle + node);
    if (!GridSet::neighbour(grid, column, row, kGridDirections[cut.direction], other)) continue;
    states.insert(grid.first_particle + other);
    if (cut.direction >= 4) continue;
    const bool along_row = cut.direction == 0;
    const uint32_t along = along_row ? column : row;
    const uint32_t nodes = along_row ? grid.columns : grid.rows;
    const uint32_t stride = along_row ? 1 : grid.columns;
    if (along >= 1) states.insert(grid.first_particle + node - stride);
    if (along + 2 < nodes) states.insert(grid.first_particle + other + stride);
    states.insert(grid.first_particle + (along_row ? row * grid.columns : column));
  }
  return frame_cuts_.size() * sizeof(gpu::LinkCut) + grids.size() * sizeof(gpu::GridParams) +
         states.size() * 2 * 4 + (frame_cuts_.empty() ? 0 : 2 * 4);
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
