#include "sim/modules/tearing.h"

#include <cstddef>

#include "sim/core/cpu_forces.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

static_assert(sizeof(gpu::TearingPush) == 16);

namespace {

const PassInfo kTear{"tear links", "tear_links.comp"};

constexpr uint32_t kGrids = WEFT_TEARING_BINDING_GRIDS;

uint32_t kind_bits(const gpu::GridParams& grid) {
  return grid.spring_kinds | grid.constraint_kinds;
}

// The bit of a direction's link kind (kKindBit in grid_directions.glsl).
uint32_t kind_bit_of(uint32_t direction) {
  return grid_kind_bit(kGridDirections[direction].kind);
}

}  // namespace

const PassInfo kUpdateReach{"count reach", "update_reach.comp"};

Tearing::Tearing(const ModuleContext& context)
    : model_grids_(tearable_grids(context.model)), grids_(context.model, model_grids_) {}

std::vector<const PassInfo*> Tearing::passes() const {
  return {&kTear, &kUpdateReach};
}

void Tearing::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                       std::vector<Step>& steps) const {
  gpu::TearingPush push{};
  push.thread_count = grids_.thread_count();
  push.grid_count = grids_.grid_count();
  auto add = [&](const PassInfo& pass) {
    Step step = make_step(*this, pass, substep);
    step.push = to_push(push);
    steps.push_back(std::move(step));
  };
  if (stage == Stage::after_sweeps) {
    add(kTear);
    add(kUpdateReach);
  }
}

uint32_t Tearing::threads(const Step&) const {
  return grids_.thread_count();
}

std::vector<ModuleBuffer> Tearing::buffers() const {
  return {{"grids", grids_.params().size() * sizeof(gpu::GridParams), grids_.params().data()}};
}

template <typename Real>
void Tearing::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  if (step.pass == &kTear) {
    tear(pass);
  } else {
    update_reach(grids_, pass.state.positions, pass.state.link_state);
  }
}

// shaders/tear_link.glsl
void tear_link(const gpu::GridParams& grid, uint32_t node, uint32_t k, uint32_t other,
               std::vector<uint32_t>& state, uint32_t& torn_links) {
  const uint32_t base = grid.first_particle;
  state[base + node] |= 1u << k;
  state[base + other] |= 1u << (k + 1);
  if (k < 4) {
    const uint32_t axis = k / 2;
    const uint32_t column = node % grid.columns;
    const uint32_t row = node / grid.columns;
    const uint32_t along = axis == 0 ? column : row;
    const uint32_t nodes = axis == 0 ? grid.columns : grid.rows;
    const uint32_t stride = axis == 0 ? 1 : grid.columns;
    const uint32_t bend_forward = 8 + 2 * axis;
    if (along >= 1) {
      state[base + node - stride] |= 1u << bend_forward;
      state[base + other] |= 1u << (bend_forward + 1);
    }
    if (along + 2 < nodes) {
      state[base + node] |= 1u << bend_forward;
      state[base + other + stride] |= 1u << (bend_forward + 1);
    }
    const uint32_t head = axis == 0 ? row * grid.columns : column;
    state[base + head] |= axis == 0 ? WEFT_LINK_ROW_CHANGED : WEFT_LINK_COLUMN_CHANGED;
  }
  ++torn_links;
}

// shaders/tear_link.glsl
template <typename Real>
bool link_yields(const gpu::GridParams& grid, const std::vector<glm::vec<4, Real>>& positions,
                 uint32_t a, uint32_t b, uint32_t slot) {
  using vec3 = cpu::vec3<Real>;
  const Real len = glm::length(vec3(positions[b]) - vec3(positions[a]));
  return len >
         Real((1.0f + WEFT_TEAR_YIELD_SHARE * grid.break_strain) * grid_rest_length(grid, slot));
}
template bool link_yields(const gpu::GridParams&, const std::vector<glm::vec4>&, uint32_t, uint32_t,
                          uint32_t);
template bool link_yields(const gpu::GridParams&, const std::vector<glm::dvec4>&, uint32_t,
                          uint32_t, uint32_t);

// shaders/tear_links.comp. Each node decides only its own forward links, and a cell's edges are
// asked about with a test that gives the same answer before and after their own node has run,
// so the order of the nodes does not matter.
template <typename Real>
void Tearing::tear(CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  ParticleState<Real>& state = pass.state;
  for (uint32_t t = 0; t < grids_.thread_count(); ++t) {
    const gpu::GridParams& grid = grids_.params()[grids_.grid_of_thread(t)];
    const uint32_t base = grid.first_particle;
    const uint32_t node = t - grid.first_thread;
    const uint32_t column = node % grid.columns;
    const uint32_t row = node / grid.columns;
    const uint32_t s = state.link_state[base + node];
    auto stretched = [&](uint32_t a, uint32_t b, uint32_t slot) {
      const vec3 p(state.positions[base + a]);
      const Real len = glm::length(vec3(state.positions[base + b]) - p);
      const float limit = (1.0f + grid.break_strain) * grid_rest_length(grid, slot);
      return len > Real(limit);
    };
    auto structural_gone = [&](uint32_t c, uint32_t r, uint32_t k) {
      const uint32_t a = r * grid.columns + c;
      const uint32_t b = k == 0 ? a + 1 : a + grid.columns;
      const bool present = (kind_bits(grid) & WEFT_GRID_STRUCTURAL) != 0;
      return link_torn(state.link_state[base + a], k) || (present && stretched(a, b, k / 2));
    };
    auto cell_open = [&](uint32_t c, uint32_t r) {
      return structural_gone(c, r, 0) || structural_gone(c, r + 1, 0) || structural_gone(c, r, 2) ||
             structural_gone(c + 1, r, 2);
    };
    for (uint32_t k = 0; k < 8; k += 2) {
      uint32_t other = 0;
      if ((kind_bits(grid) & kind_bit_of(k)) == 0 || link_torn(s, k) ||
          !GridSet::neighbour(grid, column, row, kGridDirections[k], other)) {
        continue;
      }
      const bool breaks =
          k < 4 ? stretched(node, other, k / 2) : cell_open(k == 4 ? column : column - 1, row);
      if (breaks) {
        tear_link(grid, node, k, other, state.link_state, state.torn_links);
      } else if (k < 4) {
        // A structural link that started or stopped yielding: its row or column is counted again.
        // The reach towards the link (sides 1 and 3: towards higher indices) is 0 exactly when the
        // last count found it torn or yielding.
        const bool yielding = link_yields(grid, state.positions, base + node, base + other, k / 2);
        if (yielding != (reach_level_of(s, k + 1) == 0)) {
          const uint32_t head = k == 0 ? row * grid.columns : column;
          state.link_state[base + head] |=
              k == 0 ? WEFT_LINK_ROW_CHANGED : WEFT_LINK_COLUMN_CHANGED;
        }
      }
    }
  }
}

// shaders/update_reach.comp
template <typename Real>
void update_reach(const GridSet& grids, const std::vector<glm::vec<4, Real>>& positions,
                  std::vector<uint32_t>& state) {
  for (uint32_t t = 0; t < grids.thread_count(); ++t) {
    const gpu::GridParams& grid = grids.params()[grids.grid_of_thread(t)];
    // The line of `nodes` nodes from particle `first` in steps of `stride` along `axis`.
    auto walk = [&](uint32_t first, uint32_t nodes, uint32_t stride, uint32_t axis) {
      // Whether the link from the line's node a to the next is torn or yielding.
      auto open = [&](uint32_t a) {
        const uint32_t particle = first + a * stride;
        return link_torn(state[particle], 2 * axis) ||
               link_yields(grid, positions, particle, particle + stride, axis);
      };
      uint32_t reach = 0;
      for (uint32_t a = nodes; a-- > 0;) {
        if (a + 1 < nodes) reach = open(a) ? 0 : reach + 1;
        uint32_t& s = state[first + a * stride];
        s = with_reach_level(s, 2 * axis + 1, reach_level(reach));
      }
      reach = 0;
      for (uint32_t a = 0; a < nodes; ++a) {
        if (a > 0) reach = open(a - 1) ? 0 : reach + 1;
        uint32_t& s = state[first + a * stride];
        s = with_reach_level(s, 2 * axis, reach_level(reach));
      }
    };
    const uint32_t node = t - grid.first_thread;
    const uint32_t heads = (node % grid.columns == 0 ? WEFT_LINK_ROW_CHANGED : 0) |
                           (node / grid.columns == 0 ? WEFT_LINK_COLUMN_CHANGED : 0);
    if (heads == 0) continue;
    const uint32_t i = grid.first_particle + node;
    const uint32_t changed = state[i] & heads;
    state[i] &= ~heads;
    if (changed & WEFT_LINK_ROW_CHANGED) walk(i, grid.columns, 1, 0);
    if (changed & WEFT_LINK_COLUMN_CHANGED) walk(i, grid.rows, grid.columns, 1);
  }
}
template void update_reach(const GridSet&, const std::vector<glm::vec4>&, std::vector<uint32_t>&);
template void update_reach(const GridSet&, const std::vector<glm::dvec4>&, std::vector<uint32_t>&);

uint64_t update_reach_bytes(const GridSet& grids) {
  // The first node of every row and column reads and clears its state; lines that changed are
  // rare (not counted).
  uint64_t heads = 0;
  for (const GridLayout& grid : grids.layouts())
    heads += grid.columns + grid.rows - 1;
  return heads * 2 * 4 + grids.params().size() * sizeof(gpu::GridParams);
}

uint64_t Tearing::bytes(const Step& step, const TrafficContext&) const {
  if (step.pass != &kTear) return update_reach_bytes(grids_);
  // Every node reads its link state and position; its neighbours' positions are the same array
  // read by neighbouring threads, which the cache serves. Tears are rare: not counted.
  return uint64_t{grids_.thread_count()} * (4 + 16) +
         grids_.params().size() * sizeof(gpu::GridParams);
}

std::vector<uint32_t> Tearing::apply_edit(const Model& model, const SolverPaths&, EditScope scope) {
  if (scope != EditScope::materials) return {};
  if (tearable_grids(model) != model_grids_) {
    throw ModelError(
        "a live edit cannot make a cloth tear that did not, or stop one tearing; rebuild the "
        "simulation instead");
  }
  GridSet edited(model, model_grids_);
  if (edited.thread_count() != grids_.thread_count()) {
    throw ModelError("a live edit cannot change a cloth grid's size; rebuild the simulation");
  }
  grids_ = std::move(edited);
  return {kGrids};
}

}  // namespace weft
