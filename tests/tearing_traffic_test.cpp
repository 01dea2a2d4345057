// The bytes per pass of tearing and the knife checked against an independent count, as
// module_traffic_test does for the other modules that add to a cloth: every load and store each
// shader makes, walked element by element on the model as it starts and deduplicated per dispatch
// (access_count.h). Where a shader's branch depends on where the cloth is (a link that tears or
// yields), the walk takes it as the shader would on the cloth at rest.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "app/bench/pass_traffic.h"
#include "sim/model/grid_layout.h"
#include "sim/model/link_state.h"
#include "sim/modules/knife.h"
#include "sim/modules/tearing.h"
#include "sim/core/solver_core.h"
#include "tests/support/access_count.h"
#include "tests/support/grid_pass_walks.h"
#include "tests/support/tearing_curtain.h"
#include "tests/support/test_scenes.h"

namespace weft::test {
namespace {

constexpr float kFrameDt = 1.0f / 60.0f;

// grid_directions.glsl's grid_of_thread(): a binary search over the grids' first threads.
const gpu::GridParams& grid_of_thread(AccessCount& a, const GridSet& grids, uint32_t t) {
  uint32_t low = 0, high = grids.grid_count();
  while (high - low > 1) {
    const uint32_t middle = (low + high) / 2;
    a.read("grids", middle, sizeof(gpu::GridParams));
    if (grids.params()[middle].first_thread <= t) {
      low = middle;
    } else {
      high = middle;
    }
  }
  a.read("grids", low, sizeof(gpu::GridParams));
  return grids.params()[low];
}

// tear_link.glsl's tear_link(): every atomic reads and writes a node's link state; the bits are
// set in `state` as the shader sets them, for the passes after it.
void walk_tear_link(AccessCount& a, const gpu::GridParams& grid, uint32_t node, uint32_t k,
                    uint32_t other, std::vector<uint32_t>& state) {
  auto set = [&](uint32_t n, uint32_t bits) {
    a.atomic("link state", grid.first_particle + n, 4);
    state[grid.first_particle + n] |= bits;
  };
  set(node, 1u << k);
  set(other, 1u << (k + 1));
  if (k < 4) {
    const uint32_t axis = k / 2;
    const uint32_t column = node % grid.columns, row = node / grid.columns;
    const uint32_t along = axis == 0 ? column : row;
    const uint32_t nodes = axis == 0 ? grid.columns : grid.rows;
    const uint32_t stride = axis == 0 ? 1 : grid.columns;
    const uint32_t bend_forward = 8 + 2 * axis;
    if (along >= 1) {
      set(node - stride, 1u << bend_forward);
      set(other, 1u << (bend_forward + 1));
    }
    if (along + 2 < nodes) {
      set(node, 1u << bend_forward);
      set(other + stride, 1u << (bend_forward + 1));
    }
    set(axis == 0 ? row * grid.columns : column,
        axis == 0 ? WEFT_LINK_ROW_CHANGED : WEFT_LINK_COLUMN_CHANGED);
  }
  a.atomic("health", 0, 4);  // the count of torn links
}

// Whether the link from particle `from` to `to` of `grid`, in rest-length slot `slot`, is
// stretched beyond `share` of its break strain (both positions read).
bool stretched(AccessCount& a, const SolverCore& m, const gpu::GridParams& grid, uint32_t from,
               uint32_t to, uint32_t slot, float share) {
  a.read("positions", from, 16);
  a.read("positions", to, 16);
  const float len = glm::length(glm::vec3(m.positions()[to]) - glm::vec3(m.positions()[from]));
  return len > (1.0f + share * grid.break_strain) * grid_rest_length(grid, slot);
}

// tear_links.comp, one dispatch, on the cloth as it starts and the link states `state`.
uint64_t tear_bytes(const SolverCore& m, const GridSet& grids, std::vector<uint32_t>& state) {
  AccessCount a;
  for (uint32_t t = 0; t < grids.thread_count(); ++t) {
    const gpu::GridParams& grid = grid_of_thread(a, grids, t);
    const uint32_t base = grid.first_particle;
    const uint32_t node = t - grid.first_thread;
    const uint32_t column = node % grid.columns, row = node / grid.columns;
    a.read("link state", base + node, 4);
    const uint32_t s = state[base + node];
    const uint32_t kinds = grid.spring_kinds | grid.constraint_kinds;
    auto structural_gone = [&](uint32_t c, uint32_t r, uint32_t k) {
      const uint32_t from = r * grid.columns + c;
      const uint32_t to = k == 0 ? from + 1 : from + grid.columns;
      a.read("link state", base + from, 4);
      return link_torn(state[base + from], k) ||
             ((kinds & WEFT_GRID_STRUCTURAL) != 0 &&
              stretched(a, m, grid, base + from, base + to, k / 2, 1.0f));
    };
    for (uint32_t k = 0; k < 8; k += 2) {
      uint32_t other = 0;
      if ((kinds & grid_kind_bit(kGridDirections[k].kind)) == 0 || link_torn(s, k) ||
          !GridSet::neighbour(grid, column, row, kGridDirections[k], other)) {
        continue;
      }
      bool breaks = false;
      if (k < 4) {
        breaks = stretched(a, m, grid, base + node, base + other, k / 2, 1.0f);
      } else {
        const uint32_t c = k == 4 ? column : column - 1;  // the cell the diagonal crosses
        breaks = structural_gone(c, row, 0) || structural_gone(c, row + 1, 0) ||
                 structural_gone(c, row, 2) || structural_gone(c + 1, row, 2);
      }
      if (breaks) {
        walk_tear_link(a, grid, node, k, other, state);
      } else if (k < 4) {
        const bool yielding =
            stretched(a, m, grid, base + node, base + other, k / 2, WEFT_TEAR_YIELD_SHARE);
        const uint32_t shift = WEFT_REACH_SHIFT + WEFT_REACH_BITS * (k + 1);
        if (yielding != (((s >> shift) & WEFT_REACH_MAX_LEVEL) == 0)) {
          const uint32_t head = base + (k == 0 ? row * grid.columns : column);
          a.atomic("link state", head, 4);
          state[head] |= k == 0 ? WEFT_LINK_ROW_CHANGED : WEFT_LINK_COLUMN_CHANGED;
        }
      }
    }
  }
  return a.bytes();
}

// update_reach.comp, one dispatch, on the link states `state` (which it updates).
uint64_t reach_bytes(const SolverCore& m, const GridSet& grids, std::vector<uint32_t>& state) {
  AccessCount a;
  for (uint32_t t = 0; t < grids.thread_count(); ++t) {
    const gpu::GridParams& grid = grid_of_thread(a, grids, t);
    const uint32_t node = t - grid.first_thread;
    const uint32_t heads = (node % grid.columns == 0 ? WEFT_LINK_ROW_CHANGED : 0u) |
                           (node / grid.columns == 0 ? WEFT_LINK_COLUMN_CHANGED : 0u);
    if (heads == 0) continue;
    const uint32_t i = grid.first_particle + node;
    a.atomic("link state", i, 4);
    const uint32_t changed = state[i] & heads;
    state[i] &= ~heads;
    // walk(): the line of `nodes` nodes from particle i in steps of `stride`, both ways.
    auto walk = [&](uint32_t nodes, uint32_t stride, uint32_t axis) {
      auto open = [&](uint32_t particle) {
        a.read("link state", particle, 4);
        return link_torn(state[particle], 2 * axis) ||
               stretched(a, m, grid, particle, particle + stride, axis, WEFT_TEAR_YIELD_SHARE);
      };
      auto set_level = [&](uint32_t particle, uint32_t side, uint32_t reach) {
        const uint32_t level = std::min<uint32_t>(std::bit_width(reach), WEFT_REACH_MAX_LEVEL);
        const uint32_t shift = WEFT_REACH_SHIFT + WEFT_REACH_BITS * side;
        a.read("link state", particle, 4);
        if (((state[particle] >> shift) & WEFT_REACH_MAX_LEVEL) == level) return;
        a.atomic("link state", particle, 4);
        state[particle] = (state[particle] & ~(WEFT_REACH_MAX_LEVEL << shift)) | (level << shift);
      };
      uint32_t reach = 0;
      for (uint32_t n = nodes; n-- > 0;) {
        if (n + 1 < nodes) reach = open(i + n * stride) ? 0 : reach + 1;
        set_level(i + n * stride, 2 * axis + 1, reach);
      }
      reach = 0;
      for (uint32_t n = 0; n < nodes; ++n) {
        if (n > 0) reach = open(i + (n - 1) * stride) ? 0 : reach + 1;
        set_level(i + n * stride, 2 * axis, reach);
      }
    };
    if ((changed & WEFT_LINK_ROW_CHANGED) != 0) walk(grid.columns, 1, 0);
    if ((changed & WEFT_LINK_COLUMN_CHANGED) != 0) walk(grid.rows, grid.columns, 1);
  }
  return a.bytes();
}

// The model counts no tear (tears are rare), so the walks run on a cloth at rest, where nothing
// tears or starts to yield.
void expect_tearing_counts_match(const Model& model, uint32_t substeps) {
  const SolverCore m(model);
  ASSERT_NE(m.find<Tearing>(), nullptr);
  const GridSet& grids = m.find<Tearing>()->grids();
  std::vector<uint32_t> state = m.link_state();
  const uint64_t tear = tear_bytes(m, grids, state);
  const uint64_t reach = reach_bytes(m, grids, state);
  EXPECT_EQ(state, m.link_state());
  const std::vector<PassTraffic> traffic = frame_traffic(m, m.current_shape(substeps));
  EXPECT_EQ(traffic_of(traffic, "tear links"), substeps * tear);
  EXPECT_EQ(traffic_of(traffic, "count reach"), substeps * reach);
}

TEST(ModuleTraffic, TearingBytesMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    for (SolverVariant variant : {SolverVariant::general, SolverVariant::grid}) {
      Model curtain = hung_curtain(variant, 0.1f);
      curtain.solver.integrator = integrator;
      expect_tearing_counts_match(curtain, 3);
    }
    // Two tearable grids among ropes and a mesh: the threads search for their grid; the second
    // grid has springs and no bend links.
    Model mixed = mixed_scene(integrator);
    for (GridLayout& grid : mixed.grids)
      grid.break_strain = 0.3f;
    ASSERT_EQ(tearable_grids(mixed).size(), 2u);
    expect_tearing_counts_match(mixed, 2);
  }
}

// cut_links.comp, one dispatch, on the link states `state` (which it updates).
uint64_t cut_bytes(const SolverCore& m, const GridSet& grids, std::vector<uint32_t>& state) {
  AccessCount a;
  const std::vector<gpu::LinkCut>& cuts = m.find<Knife>()->frame_cuts();
  for (uint32_t c = 0; c < cuts.size(); ++c) {
    a.read("cuts", c, sizeof(gpu::LinkCut));
    const gpu::GridParams& grid = grid_of_thread(a, grids, cuts[c].thread);
    const uint32_t node = cuts[c].thread - grid.first_thread;
    a.read("link state", grid.first_particle + node, 4);
    uint32_t other = 0;
    if (link_torn(state[grid.first_particle + node], cuts[c].direction) ||
        !GridSet::neighbour(grid, node % grid.columns, node / grid.columns,
                            kGridDirections[cuts[c].direction], other)) {
      continue;
    }
    walk_tear_link(a, grid, node, cuts[c].direction, other, state);
  }
  return a.bytes();
}

void expect_knife_counts_match(const Model& model, const std::vector<LinkCut>& cuts,
                               uint32_t substeps) {
  SolverCore m(model);
  ASSERT_NE(m.find<Knife>(), nullptr);
  m.cut_links(cuts);
  const FrameShape shape = m.begin_frame(kFrameDt, substeps);
  // The knife's grids are the tearing module's: every grid that can tear.
  const GridSet& grids = m.find<Tearing>()->grids();
  std::vector<uint32_t> state = m.link_state();
  // First in the frame, once: the cuts and the recount of the lines they changed.
  const uint64_t cut = cut_bytes(m, grids, state);
  uint64_t reach = reach_bytes(m, grids, state);
  ASSERT_NE(state, m.link_state());
  // Then every substep's tearing recounts the lines that changed since (none: a cut shear link
  // changes no line's reach).
  for (uint32_t substep = 0; substep < substeps; ++substep) {
    tear_bytes(m, grids, state);
    reach += reach_bytes(m, grids, state);
  }
  const std::vector<PassTraffic> traffic = frame_traffic(m, shape);
  EXPECT_EQ(traffic_of(traffic, "cut links"), cut);
  EXPECT_EQ(traffic_of(traffic, "count reach"), reach);
  m.end_frame();
}

TEST(ModuleTraffic, KnifeBytesMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    Model curtain = hung_curtain(SolverVariant::grid, 0.1f);
    curtain.solver.integrator = integrator;
    const uint32_t columns = kCurtainColumns;
    // A link along a row inside the cloth, one down its first column, a shear link, and the two
    // forward links of one node, each given from its other end.
    expect_knife_counts_match(curtain,
                              {{5 * columns + 7, 0},
                               {3 * columns, 2},
                               {9 * columns + 4, 4},
                               {6 * columns + 11, 1},
                               {7 * columns + 10, 3}},
                              3);
    // A shear link alone: no line to recount.
    expect_knife_counts_match(curtain, {{2 * columns + 3, 6}}, 2);
    // Links of the second of two tearable grids.
    Model mixed = mixed_scene(integrator);
    for (GridLayout& grid : mixed.grids)
      grid.break_strain = 0.3f;
    const uint32_t second = mixed.grids[1].first_particle;
    expect_knife_counts_match(mixed, {{second + 5, 0}, {second + 6, 2}}, 2);
  }
}

}  // namespace
}  // namespace weft::test
