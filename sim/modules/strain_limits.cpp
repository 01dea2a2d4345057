#include "sim/modules/strain_limits.h"

#include <algorithm>
#include <cstddef>

#include "sim/core/cpu_forces.h"
#include "sim/core/cpu_lanes.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/modules/self_collision.h"

namespace weft {

static_assert(sizeof(gpu::StrainLimitsPush) == 16);

namespace {

const PassInfo kLimit{"strain limits", "limit_strain.comp"};

constexpr uint32_t kGrids = WEFT_STRAIN_LIMITS_BINDING_GRIDS;
constexpr uint32_t kScales = WEFT_STRAIN_LIMITS_BINDING_SCALES;
constexpr uint32_t kScratch = WEFT_STRAIN_LIMITS_BINDING_SCRATCH;

std::vector<size_t> limited_grids(const Model& model) {
  std::vector<size_t> grids;
  for (size_t g = 0; g < model.grids.size(); ++g) {
    if (tether_group_holding(model, model.grids[g])) grids.push_back(g);
  }
  return grids;
}

}  // namespace

StrainLimits::StrainLimits(const ModuleContext& context)
    : grids_(context.model, limited_grids(context.model)),
      after_self_collision_(self_collision_runs(context.model)) {
  pack_scales(context.model);
  grid_rows_.push_back(0);
  for (const gpu::GridParams& grid : grids_.params())
    grid_rows_.push_back(grid_rows_.back() + grid.rows);
}

void StrainLimits::pack_scales(const Model& model) {
  scales_.clear();
  for (const GridLayout& grid : grids_.layouts()) {
    const TetherGroup* group = tether_group_holding(model, grid);
    if (!group) {
      throw ModelError(
          "a live edit cannot remove a cloth's strain limits; rebuild the "
          "simulation instead");
    }
    scales_.push_back({group->scale, group->link_scale});
  }
}

std::vector<uint32_t> StrainLimits::apply_edit(const Model& model, const SolverPaths&,
                                               EditScope scope) {
  if (scope != EditScope::materials) return {};
  pack_scales(model);
  return {kScales};
}

std::vector<const PassInfo*> StrainLimits::passes() const {
  return {&kLimit};
}

void StrainLimits::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                            std::vector<Step>& steps) const {
  // Parts 0 and 1: after the tethers; 2 and 3: again after self-collision.
  uint32_t first_part = 0;
  if (stage == Stage::after_self_collision && after_self_collision_) {
    first_part = WEFT_STRAIN_LIMIT_PASSES;
  } else if (stage != Stage::after_project) {
    return;
  }
  for (uint32_t pass = 0; pass < WEFT_STRAIN_LIMIT_PASSES; ++pass) {
    Step step = make_step(*this, kLimit, substep, 0, first_part + pass);
    gpu::StrainLimitsPush push{};
    push.thread_count = grids_.thread_count();
    push.grid_count = grids_.grid_count();
    push.read_scratch = pass % 2;
    push.settles = first_part == 0 ? 0u : 1u;
    step.push = to_push(push);
    steps.push_back(std::move(step));
  }
}

std::vector<ModuleBuffer> StrainLimits::buffers() const {
  std::vector<ModuleBuffer> buffers(3);
  buffers[kGrids] = {"grids", grids_.params().size() * sizeof(gpu::GridParams),
                     grids_.params().data()};
  buffers[kScales] = {"scales", scales_.size() * sizeof(glm::vec2), scales_.data()};
  buffers[kScratch] = {"scratch positions", uint64_t{grids_.thread_count()} * 16, nullptr};
  return buffers;
}

// Named, not anonymous: run_cpu's lambdas, which have linkage, capture these types.
namespace strain_limit_rows {

using cpu::any_lane;
using cpu::kLanes;
using cpu::Lanes;
using cpu::load_lanes;

// The limited grids' node coordinates, one array per axis, in thread order.
template <typename Real>
struct NodeCoordinates {
  std::vector<Real> x, y, z;
};

// What a node's pairs ask of it, summed over those past their limits: each pull m_k along its
// direction u_k, weighted by w_k = m_k / apart_k^2 (limit_strain.comp says why).
template <typename Real>
struct NodePulls {
  cpu::vec3<Real> moves{0};  // the w_k m_k u_k
  Real weights = 0;          // the w_k
};

// One kind of pair for a row's nodes: each node and its partner `offset` nodes on (a column's
// partners are whole rows away), for the nodes in [begin, end) of the row.
template <typename Real>
struct RowPairs {
  uint32_t begin;
  uint32_t end;
  ptrdiff_t offset;
  uint32_t direction;  // 2 * axis + side (link_state.h)
  uint32_t reach;      // the reach level the pair needs across a torn cloth
  Real limit;          // m
  Real apart_squared;  // (nodes apart)^2, what a pull's weight is divided by
};

// Adds the pulls of the row's pairs of one kind, node by node as the shader does.
template <typename Real>
void add_pulls(const RowPairs<Real>& pairs, const cpu::vec4<Real>* row_positions,
               const uint32_t* row_links, size_t first_thread,
               const NodeCoordinates<Real>& coordinates, std::vector<NodePulls<Real>>& pulls) {
  using vec3 = cpu::vec3<Real>;
  const Real clearly_within = pairs.limit * pairs.limit * Real(WEFT_STRAIN_LIMITS_CLEARLY_WITHIN);
  const auto add_pull = [&](uint32_t column) {
    const cpu::vec4<Real> p = row_positions[column];
    const cpu::vec4<Real> q = row_positions[ptrdiff_t{column} + pairs.offset];
    const vec3 d = vec3(p) - vec3(q);
    if (glm::dot(d, d) < clearly_within) return;  // most pairs: no square root
    if (row_links && reach_level_of(row_links[column], pairs.direction) < pairs.reach) return;
    if (!(p.w > Real(0))) return;
    const Real distance = glm::length(d);
    if (distance <= pairs.limit) return;
    const Real size = (distance - pairs.limit) * p.w / (p.w + q.w);
    const Real weight = size / pairs.apart_squared;
    NodePulls<Real>& node = pulls[column];
    node.moves -= (weight * size / distance) * d;
    node.weights += weight;
  };
  // A register's worth of pairs is first tested at once, with glm::dot's arithmetic: where all
  // are clearly within their limit, as most are, none is looked at again.
  uint32_t column = pairs.begin;
  for (; column + kLanes<Real> <= pairs.end; column += kLanes<Real>) {
    const size_t node = first_thread + column;
    const size_t partner = static_cast<size_t>(ptrdiff_t(node) + pairs.offset);
    const Lanes<Real> dx = load_lanes(coordinates.x, node) - load_lanes(coordinates.x, partner);
    const Lanes<Real> dy = load_lanes(coordinates.y, node) - load_lanes(coordinates.y, partner);
    const Lanes<Real> dz = load_lanes(coordinates.z, node) - load_lanes(coordinates.z, partner);
    if (!any_lane<Real>(dx * dx + dy * dy + dz * dz >= clearly_within)) continue;
    for (uint32_t lane = 0; lane < kLanes<Real>; ++lane)
      add_pull(column + lane);
  }
  for (; column < pairs.end; ++column)
    add_pull(column);
}

}  // namespace strain_limit_rows

// shaders/limit_strain.comp. The CPU has no scratch buffer: every pass gathers every node's pulls
// from the positions as the previous pass left them, then writes them all back, which is what
// the GPU's alternation amounts to. The work goes a row of a grid at a time, and within a row a
// kind of pair (axis, distance apart, side) at a time over all of its nodes: the inner loop then
// runs along memory with one limit, and tests several pairs at once (docs/performance.md, "The
// strain limits on the CPU"). Each node still adds its pulls in the shader's order (axis, then
// distance, then side), so the answer is the shader's to the bit.
template <typename Real>
void StrainLimits::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  ParticleState<Real>& state = pass.state;
  const bool settles = from_push<gpu::StrainLimitsPush>(step.push).settles != 0u;
  const uint32_t rows = grid_rows_.back();
  strain_limit_rows::NodeCoordinates<Real> coordinates{std::vector<Real>(grids_.thread_count()),
                                                       std::vector<Real>(grids_.thread_count()),
                                                       std::vector<Real>(grids_.thread_count())};
  pass.for_each(
      rows,
      [&](uint32_t item) {
        const GridRow row = grid_row(item);
        for (uint32_t column = 0; column < row.params->columns; ++column) {
          const vec4 p = state.positions[row.first_particle + column];
          coordinates.x[row.first_thread + column] = p.x;
          coordinates.y[row.first_thread + column] = p.y;
          coordinates.z[row.first_thread + column] = p.z;
        }
      },
      1);
  std::vector<vec4> limited(grids_.thread_count());
  pass.for_each(
      rows,
      [&](uint32_t item) {
        const GridRow row = grid_row(item);
        const gpu::GridParams& grid = *row.params;
        const vec4* row_positions = state.positions.data() + row.first_particle;
        const uint32_t* row_links =
            grid.break_strain > 0.0f ? state.link_state.data() + row.first_particle : nullptr;
        thread_local std::vector<strain_limit_rows::NodePulls<Real>> pulls;
        pulls.assign(grid.columns, strain_limit_rows::NodePulls<Real>{});
        for (uint32_t axis = 0; axis < 2; ++axis) {
          const uint32_t nodes = axis == 0 ? grid.columns : grid.rows;
          const uint32_t first = scales_[row.grid].y > 0.0f ? 1 : 2;
          uint32_t level = first;
          for (uint32_t apart = first; apart < nodes; apart *= 2, ++level) {
            const float scale = apart == 1 ? scales_[row.grid].y : scales_[row.grid].x;
            for (uint32_t side = 0; side < 2; ++side) {
              strain_limit_rows::RowPairs<Real> pairs{
                  0,
                  grid.columns,
                  0,
                  2 * axis + side,
                  std::min<uint32_t>(level, WEFT_REACH_MAX_LEVEL),
                  Real(scale * float(apart) * grid.rest_lengths[static_cast<glm::length_t>(axis)]),
                  Real(float(apart * apart))};
              if (axis == 0) {
                pairs.begin = side == 0 ? apart : 0;
                pairs.end = side == 0 ? grid.columns : grid.columns - apart;
                pairs.offset = side == 0 ? -ptrdiff_t{apart} : ptrdiff_t{apart};
              } else {
                if (side == 0 ? row.row < apart : row.row + apart >= nodes) continue;
                pairs.offset = (side == 0 ? -1 : 1) * ptrdiff_t{apart} * ptrdiff_t{grid.columns};
              }
              strain_limit_rows::add_pulls(pairs, row_positions, row_links, row.first_thread,
                                           coordinates, pulls);
            }
          }
        }
        for (uint32_t column = 0; column < grid.columns; ++column) {
          const vec4 p = row_positions[column];
          const strain_limit_rows::NodePulls<Real>& node = pulls[column];
          const vec3 x = node.weights > Real(0) ? vec3(p) + node.moves / node.weights : vec3(p);
          limited[row.first_thread + column] = vec4(x, p.w);
          if (settles) {
            state.previous[row.first_particle + column] += vec4(x - vec3(p), Real(0));
          } else if (!cpu::integrator_is_verlet(pass.params)) {
            state.velocities[row.first_particle + column] +=
                vec4((x - vec3(p)) / Real(pass.params.dt), Real(0));
          }
        }
      },
      1);
  pass.for_each(
      rows,
      [&](uint32_t item) {
        const GridRow row = grid_row(item);
        std::copy_n(limited.begin() + row.first_thread, row.params->columns,
                    state.positions.begin() + row.first_particle);
      },
      1);
}

StrainLimits::GridRow StrainLimits::grid_row(uint32_t item) const {
  const auto after = std::upper_bound(grid_rows_.begin(), grid_rows_.end(), item);
  const uint32_t g = static_cast<uint32_t>(after - grid_rows_.begin() - 1);
  const gpu::GridParams& grid = grids_.params()[g];
  const uint32_t row = item - grid_rows_[g];
  return {g, row, &grid, grid.first_particle + row * grid.columns,
          grid.first_thread + row * grid.columns};
}

uint64_t StrainLimits::bytes(const Step& step, const TrafficContext& context) const {
  // Every node reads its x from one buffer and writes it to the other; Euler reads and writes v,
  // but after self-collision every integrator reads and writes the previous position instead. The
  // partners' positions are the same array read by neighbouring threads, which the cache serves:
  // not counted, as in the grid path's sweeps.
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  const bool settles = from_push<gpu::StrainLimitsPush>(step.push).settles != 0u;
  return uint64_t{grids_.thread_count()} * (verlet && !settles ? 2 : 4) * 16 +
         grids_.params().size() * (sizeof(gpu::GridParams) + sizeof(glm::vec2));
}

}  // namespace weft
