#include "sim/modules/stretch_lines.h"

#include <cstddef>

#include "shaders/distance_constraints.h"
#include "shaders/grid_cloth.h"
#include "sim/core/cpu_forces.h"
#include "sim/model/grid_layout.h"
#include "sim/modules/grid_lines.h"

namespace weft {

static_assert(sizeof(gpu::StretchGrid) == 64);
static_assert(offsetof(gpu::StretchGrid, rest_lengths) == 32);
static_assert(offsetof(gpu::StretchGrid, compliance) == 48);
// The owning modules' multipliers sit where the line solve writes them, and its own buffers
// where neither module has one.
static_assert(WEFT_STRETCH_BINDING_LAMBDAS == WEFT_DISTANCE_BINDING_LAMBDAS);
static_assert(WEFT_STRETCH_BINDING_LAMBDAS == WEFT_GRID_BINDING_LAMBDAS);
static_assert(WEFT_STRETCH_BINDING_GRIDS > WEFT_DISTANCE_BINDING_TEAR_BITS);
static_assert(WEFT_STRETCH_BINDING_GRIDS > WEFT_GRID_BINDING_SCRATCH);

namespace {

// One row or column (shaders/stretch_walk.glsl): node i is particle first + i * stride and
// slot first_slot + i * stride; link i joins nodes i - 1 and i (1 <= i < count).
struct Line {
  uint32_t first;
  uint32_t first_slot;
  uint32_t stride;
  uint32_t count;
  float rest;
  float compliance;
  float compression;
  bool tears;
  uint32_t tear_bit;  // node i's link towards node i - 1 (link_state_layout.h)
};

Line line_of_thread(const std::vector<gpu::StretchGrid>& grids, uint32_t axis, uint32_t t) {
  const bool rows = axis == WEFT_STRETCH_ALONG_ROWS;
  const size_t g = grid_of_line(grids, rows, t);
  const gpu::StretchGrid& grid = grids[g];
  const uint32_t index = t - (rows ? grid.first_row_line : grid.first_column_line);
  return {grid.first_particle + (rows ? index * grid.columns : index),
          grid.first_node + (rows ? index * grid.columns : index),
          rows ? 1u : grid.columns,
          rows ? grid.columns : grid.rows,
          rows ? grid.rest_lengths.x : grid.rest_lengths.y,
          grid.compliance.x,
          grid.compliance.y,
          grid.tears != 0,
          rows ? 1u << 1 : 1u << 3};
}

gpu::StretchGrid stretch_grid(const GridLayout& layout) {
  gpu::StretchGrid grid{};
  grid.first_particle = layout.first_particle;
  grid.columns = layout.columns;
  grid.rows = layout.rows;
  grid.tears = layout.break_strain > 0.0f ? 1u : 0u;
  grid.rest_lengths =
      glm::vec4(glm::length(layout.column_step), glm::length(layout.row_step), 0, 0);
  grid.compliance =
      glm::vec4(layout.structural.compliance, compression_compliance_of(layout.structural), 0, 0);
  return grid;
}

}  // namespace

StretchLines::StretchLines(const std::vector<GridLayout>& layouts, bool keeps_multipliers,
                           const MultiplierSlot& slot)
    : keeps_multipliers_(keeps_multipliers) {
  for (size_t g = 0; g < layouts.size(); ++g) {
    const GridLayout& layout = layouts[g];
    if (!stretch_solved_along_lines(layout)) continue;
    gpu::StretchGrid grid = stretch_grid(layout);
    grid.first_node = nodes_;
    grid.first_row_line = rows_;
    grid.first_column_line = columns_;
    grids_.push_back(grid);
    for (uint32_t node = 0; node < layout.node_count(); ++node) {
      const uint32_t column = node % layout.columns;
      const uint32_t row = node / layout.columns;
      glm::uvec2 slots(WEFT_STRETCH_NO_SLOT);
      if (keeps_multipliers && column > 0) slots.x = slot(g, node - 1, WEFT_STRETCH_ALONG_ROWS);
      if (keeps_multipliers && row > 0) {
        slots.y = slot(g, node - layout.columns, WEFT_STRETCH_ALONG_COLUMNS);
      }
      slots_.push_back(slots);
    }
    rows_ += layout.rows;
    columns_ += layout.columns;
    nodes_ += static_cast<uint32_t>(layout.node_count());
    links_ +=
        uint64_t{layout.columns - 1} * layout.rows + uint64_t{layout.columns} * (layout.rows - 1);
  }
}

bool StretchLines::apply_materials(const std::vector<GridLayout>& layouts) {
  std::vector<gpu::StretchGrid> edited;
  for (const GridLayout& layout : layouts) {
    if (stretch_solved_along_lines(layout)) edited.push_back(stretch_grid(layout));
  }
  if (edited.size() != grids_.size()) return false;
  for (size_t g = 0; g < edited.size(); ++g) {
    if (edited[g].first_particle != grids_[g].first_particle ||
        edited[g].columns != grids_[g].columns || edited[g].rows != grids_[g].rows) {
      return false;
    }
    grids_[g].rest_lengths = edited[g].rest_lengths;
    grids_[g].compliance = edited[g].compliance;
    grids_[g].tears = edited[g].tears;
  }
  return true;
}

std::vector<ModuleBuffer> StretchLines::buffers() const {
  return {
      {"stretch lines: grids", grids_.size() * sizeof(gpu::StretchGrid), grids_.data()},
      {"stretch lines: pivots and right-hand sides", uint64_t{nodes_} * 8, nullptr},
      {"stretch lines: couplings", uint64_t{nodes_} * 4, nullptr},
      {"stretch lines: multiplier slots", slots_.size() * sizeof(glm::uvec2), slots_.data()},
  };
}

// shaders/stretch_walk.glsl, the same arithmetic in the same order; the factors stay local.
//
// The XPBD step of the line's links together, from multipliers 0: (J W J^T + alpha~) dl = -C,
// dx = W J^T dl, with J the links' gradients where they lie (link i: -n_i at node i - 1, +n_i at
// node i). Links i - 1 and i share node i - 1 alone, so the system is tridiagonal: diagonal
// w_(i-1) + w_i + alpha~_i, coupling b_i = -w_(i-1) n_(i-1).n_i. Eliminated forward (pivot m_i,
// right-hand side y_i), substituted back; node i then moves by w_i (n_i dl_i - n_(i+1) dl_(i+1)).
// The shader's back substitution finds each direction again from the positions, which it moves
// only behind it: that costs less than keeping them. A link left out has y = b = 0, so its dl is 0
// whatever its direction. Unlike the shader, the CPU keeps each link's direction from the forward
// walk for the way back (the shader finds it again from the same two positions, unmoved until
// then: the same value) and the line's two compliances over dt^2: the same arithmetic, with a
// third of the divisions and square roots, which bound a CPU's walk.
template <typename Real>
void StretchLines::solve_line(uint32_t axis, uint32_t t, const gpu::SimParams& params,
                              ParticleState<Real>& state, std::vector<Real>& lambdas) const {
  using vec2 = glm::vec<2, Real>;
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  thread_local std::vector<vec2> factors;     // m_i, y_i
  thread_local std::vector<Real> couplings;   // b_i
  thread_local std::vector<vec3> directions;  // n_i
  const Real dt(params.dt);
  const Line line = line_of_thread(grids_, axis, t);
  factors.assign(line.count, vec2(1, 0));
  couplings.assign(line.count, Real(0));
  directions.assign(line.count, vec3(0));
  const Real stretched = Real(line.compliance) / (dt * dt);
  const Real compressed = Real(line.compression) / (dt * dt);
  vec4 before = state.positions[line.first];
  vec3 n_before(0);
  Real m_before(1), y_before(0);
  for (uint32_t i = 1; i < line.count; ++i) {
    const uint32_t particle = line.first + i * line.stride;
    const vec4 here = state.positions[particle];
    const vec3 link = vec3(here) - vec3(before);
    const Real length = glm::length(link);
    vec3 n(0);
    Real m(1), y(0), b(0);
    if (length > Real(0)) directions[i] = link / length;
    const bool torn = line.tears && (state.link_state[particle] & line.tear_bit) != 0u;
    if (!torn && length > Real(0)) {
      const Real rest(line.rest);
      const Real diagonal = before.w + here.w + (length < rest ? compressed : stretched);
      n = directions[i];
      b = -before.w * glm::dot(n_before, n);
      m = diagonal - b * b / m_before;
      y = -(length - rest) - b * y_before / m_before;
      // A pivot this small leaves the link's length to its neighbours (a free node in line
      // between two held ones, inextensible): it is not moved.
      if (!(m > Real(1e-4) * diagonal)) {
        n = vec3(0);
        m = Real(1);
        y = b = Real(0);
      }
    }
    factors[i] = vec2(m, y);
    couplings[i] = b;
    n_before = n;
    m_before = m;
    y_before = y;
    before = here;
  }
  Real dl_after(0), b_after(0);
  vec3 n_after(0);
  for (uint32_t k = line.count; k > 0; --k) {
    const uint32_t i = k - 1;
    const uint32_t particle = line.first + i * line.stride;
    vec4& p = state.positions[particle];
    const vec3 n = directions[i];
    const Real dl = (factors[i].y - b_after * dl_after) / factors[i].x;
    const vec3 impulse = n * dl - n_after * dl_after;
    if (p.w != Real(0)) {
      const vec3 move = p.w * impulse;
      p = vec4(vec3(p) + move, p.w);
      if (!cpu::integrator_is_verlet(params)) {
        state.velocities[particle] += vec4(move / dt, Real(0));
      }
    }
    if (keeps_multipliers_) {
      const glm::uvec2 slots = slots_[line.first_slot + i * line.stride];
      const uint32_t slot = axis == WEFT_STRETCH_ALONG_ROWS ? slots.x : slots.y;
      if (slot != WEFT_STRETCH_NO_SLOT) lambdas[slot] = dl;
    }
    dl_after = dl;
    b_after = couplings[i];
    n_after = n;
  }
}

template void StretchLines::solve_line(uint32_t, uint32_t, const gpu::SimParams&,
                                       ParticleState<float>&, std::vector<float>&) const;
template void StretchLines::solve_line(uint32_t, uint32_t, const gpu::SimParams&,
                                       ParticleState<double>&, std::vector<double>&) const;

uint64_t StretchLines::bytes(uint32_t axis) const {
  // Every grid once (the lines search them); per node, its link's factors written and read (12 B
  // each way); where the owning module keeps multipliers, its slots read and the multiplier of its
  // link written (every node but a line's first has one).
  uint64_t bytes = grids_.size() * sizeof(gpu::StretchGrid);
  for (uint32_t t = 0; t < line_count(axis); ++t) {
    const uint32_t count = line_of_thread(grids_, axis, t).count;
    bytes += uint64_t{count} * 2 * 12;
    if (keeps_multipliers_) bytes += uint64_t{count} * 8 + (count - 1) * 4;
  }
  return bytes;
}

}  // namespace weft
