#include "sim/modules/bending_lines.h"

#include <cstddef>

#include "sim/core/cpu_forces.h"
#include "sim/model/bending_element.h"
#include "sim/model/grid_layout.h"
#include "sim/modules/grid_lines.h"
#include "sim/modules/particle_integration.h"

namespace weft {

static_assert(sizeof(gpu::BendingGrid) == 48);
static_assert(offsetof(gpu::BendingGrid, tears) == 24);
static_assert(offsetof(gpu::BendingGrid, bends) == 28);
static_assert(offsetof(gpu::BendingGrid, compliance) == 32);
static_assert(sizeof(gpu::GridBendingPush) == 16);

namespace {

// One row or column (shaders/bending_walk.glsl): node i is particle first + i * stride.
struct Line {
  uint32_t first;
  uint32_t stride;
  uint32_t count;
  float compliance;
  bool tears;
  uint32_t tear_bits;
  bool bends;
};

Line line_of_thread(const std::vector<gpu::BendingGrid>& grids, uint32_t axis, uint32_t t) {
  const bool rows = axis == WEFT_BEND_ALONG_ROWS;
  const size_t g = grid_of_line(grids, rows, t);
  const gpu::BendingGrid& grid = grids[g];
  const uint32_t index = t - (rows ? grid.first_row_line : grid.first_column_line);
  const uint32_t across = rows ? grid.rows : grid.columns;
  const float edge = index == 0 || index + 1 == across ? 2.0f : 1.0f;
  return {grid.first_particle + (rows ? index * grid.columns : index),
          rows ? 1u : grid.columns,
          rows ? grid.columns : grid.rows,
          edge * (rows ? grid.compliance.x : grid.compliance.y),
          grid.tears != 0,
          rows ? 3u : 3u << 2,
          grid.bends != 0};
}

// A line's two element stiffnesses: an element's, and a clamp's (the shader divides for each
// element; the CPU once a line, which gives the same values).
template <typename Real>
struct LineStiffness {
  explicit LineStiffness(const Line& line)
      : free(Real(1) / Real(line.compliance)),
        clamped(Real(1) / (Real(0.5) * Real(line.compliance))) {}
  Real free;
  Real clamped;
};

// The element centred on node k of the line (nodes a, b, c): its stiffness, 0 where there is
// none (an end, a torn link, a grid that does not bend), with the clamp of a middle node held on
// one side only.
template <typename Real>
Real element_stiffness(const Line& line, const LineStiffness<Real>& stiffness, uint32_t k, Real wa,
                       Real wb, Real wc, const std::vector<uint32_t>& link_state) {
  if (k == 0 || k + 1 >= line.count || !line.bends) return Real(0);
  if (line.tears && (link_state[line.first + k * line.stride] & line.tear_bits) != 0)
    return Real(0);
  const bool clamped = wb == Real(0) && (wa == Real(0)) != (wc == Real(0));
  return clamped ? stiffness.clamped : stiffness.free;
}

template <typename Real>
glm::vec<4, Real> node_position(const Line& line, const ParticleState<Real>& state, uint32_t i) {
  return i < line.count ? state.positions[line.first + i * line.stride] : glm::vec<4, Real>(0);
}

gpu::BendingGrid bending_grid(const GridLayout& layout) {
  gpu::BendingGrid grid{};
  grid.first_particle = layout.first_particle;
  grid.columns = layout.columns;
  grid.rows = layout.rows;
  grid.tears = layout.break_strain > 0.0f ? 1u : 0u;
  grid.bends = layout.bending_stiffness > 0.0f ? 1u : 0u;
  if (grid.bends != 0) {
    const float du = glm::length(layout.column_step);
    const float dv = glm::length(layout.row_step);
    grid.compliance = glm::vec4(grid_bending_compliance(layout.bending_stiffness, du, dv),
                                grid_bending_compliance(layout.bending_stiffness, dv, du), 0, 0);
  } else {
    grid.compliance = glm::vec4(1, 1, 0, 0);  // unread: no element bends
  }
  return grid;
}

}  // namespace

BendingLines::BendingLines(const std::vector<GridLayout>& layouts) {
  for (const GridLayout& layout : layouts) {
    gpu::BendingGrid grid = bending_grid(layout);
    grid.first_node = nodes_;
    grid.first_row_line = rows_;
    grid.first_column_line = columns_;
    grids_.push_back(grid);
    rows_ += layout.rows;
    columns_ += layout.columns;
    nodes_ += static_cast<uint32_t>(layout.node_count());
  }
}

bool BendingLines::apply_materials(const std::vector<GridLayout>& layouts) {
  if (layouts.size() != grids_.size()) return false;
  for (size_t g = 0; g < layouts.size(); ++g) {
    const gpu::BendingGrid edited = bending_grid(layouts[g]);
    if (edited.first_particle != grids_[g].first_particle || edited.columns != grids_[g].columns ||
        edited.rows != grids_[g].rows) {
      return false;
    }
    grids_[g].tears = edited.tears;
    grids_[g].bends = edited.bends;
    grids_[g].compliance = edited.compliance;
  }
  return true;
}

std::vector<ModuleBuffer> BendingLines::buffers() const {
  return {
      {"bending lines: grids", grids_.size() * sizeof(gpu::BendingGrid), grids_.data()},
      {"bending lines: elimination factors", uint64_t{nodes_} * 16, nullptr},
      {"bending lines: elimination betas", uint64_t{nodes_} * 4, nullptr},
  };
}

// shaders/bending_walk.glsl, the same arithmetic in the same order; the factors stay local.
template <typename Real>
void BendingLines::solve_line(uint32_t axis, uint32_t t, const gpu::SimParams& params,
                              ParticleState<Real>& state) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  thread_local std::vector<vec4> factors;
  thread_local std::vector<Real> betas;
  const Real dt(params.dt);
  const Real inverse_dt2 = Real(1) / (dt * dt);
  const Line line = line_of_thread(grids_, axis, t);
  const LineStiffness<Real> stiffness(line);
  factors.assign(line.count, vec4(0));
  betas.assign(line.count, Real(0));
  Real s_before(0), s_here(0), s_after(0);
  vec3 c_before(0), c_here(0), c_after(0);
  vec4 here = node_position(line, state, 0);
  vec4 next = node_position(line, state, 1);
  Real alpha1(0), beta1(0), alpha2(0), beta2(0);
  vec3 z1(0), z2(0);
  for (uint32_t i = 0; i < line.count; ++i) {
    const vec4 after_next = node_position(line, state, i + 2);
    s_after =
        element_stiffness(line, stiffness, i + 1, here.w, next.w, after_next.w, state.link_state);
    c_after = s_after != Real(0) ? vec3(here) - Real(2) * vec3(next) + vec3(after_next) : vec3(0);
    Real alpha(0), beta(0);
    vec3 z(0);
    if (here.w != Real(0)) {
      const Real e = s_before;
      Real c = Real(-2) * (s_before + s_here);
      Real d = inverse_dt2 / here.w + s_before + Real(4) * s_here + s_after;
      Real u1 = Real(-2) * (s_here + s_after);
      const Real u2 = s_after;
      vec3 rhs = -(s_before * c_before - Real(2) * s_here * c_here + s_after * c_after);
      c -= e * alpha2;
      d -= e * beta2;
      rhs -= e * z2;
      d -= c * alpha1;
      u1 -= c * beta1;
      rhs -= c * z1;
      alpha = u1 / d;
      beta = u2 / d;
      z = rhs / d;
    }
    factors[i] = vec4(z, alpha);
    betas[i] = beta;
    alpha2 = alpha1;
    beta2 = beta1;
    z2 = z1;
    alpha1 = alpha;
    beta1 = beta;
    z1 = z;
    s_before = s_here;
    c_before = c_here;
    s_here = s_after;
    c_here = c_after;
    here = next;
    next = after_next;
  }
  vec3 d1(0), d2(0);
  for (uint32_t k = line.count; k > 0; --k) {
    const uint32_t i = k - 1;
    const vec4& f = factors[i];
    const vec3 d = vec3(f) - f.w * d1 - betas[i] * d2;
    vec4& p = state.positions[line.first + i * line.stride];
    if (p.w != Real(0)) {
      p = vec4(vec3(p) + d, p.w);
      if (!cpu::integrator_is_verlet(params)) {
        state.velocities[line.first + i * line.stride] += vec4(d / dt, Real(0));
      }
    }
    d2 = d1;
    d1 = d;
  }
}

template <typename Real>
double BendingLines::elastic_energy(const ParticleState<Real>& state) const {
  double energy = 0.0;
  for (uint32_t axis : {WEFT_BEND_ALONG_ROWS, WEFT_BEND_ALONG_COLUMNS}) {
    for (uint32_t t = 0; t < line_count(axis); ++t) {
      const Line line = line_of_thread(grids_, axis, t);
      const LineStiffness<double> line_stiffness(line);
      for (uint32_t k = 1; k + 1 < line.count; ++k) {
        const glm::dvec4 a(state.positions[line.first + (k - 1) * line.stride]);
        const glm::dvec4 b(state.positions[line.first + k * line.stride]);
        const glm::dvec4 c(state.positions[line.first + (k + 1) * line.stride]);
        const double stiffness =
            element_stiffness(line, line_stiffness, k, a.w, b.w, c.w, state.link_state);
        const glm::dvec3 curve = glm::dvec3(a) - 2.0 * glm::dvec3(b) + glm::dvec3(c);
        energy += 0.5 * stiffness * glm::dot(curve, curve);
      }
    }
  }
  return energy;
}

uint64_t BendingLines::bytes(uint32_t axis) const {
  // Every grid once (the lines search them); per node, its factors written and read (20 B each
  // way).
  uint64_t bytes = grids_.size() * sizeof(gpu::BendingGrid);
  for (uint32_t t = 0; t < line_count(axis); ++t)
    bytes += uint64_t{line_of_thread(grids_, axis, t).count} * 2 * 20;
  return bytes;
}

uint64_t BendingLines::state_bytes(const TrafficContext& context, uint32_t integrate) const {
  // Per node, read x and its link state where the grid tears; write x where it is free (Euler:
  // read and write v too). Integrating as well, per free node: Verlet reads and writes x_prev and
  // what rounding owes the step (64 B), Euler writes x_prev (its v is counted above), and the
  // force is read where one was gathered.
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  uint64_t integration = 0;
  if (integrate != WEFT_BEND_INTEGRATE_NONE) {
    integration = (verlet ? 64 : 16) + (integrate == WEFT_BEND_INTEGRATE_FORCES ? 16 : 0);
  }
  uint64_t bytes = 0;
  for (const gpu::BendingGrid& grid : grids_) {
    for (uint32_t node = 0; node < grid.columns * grid.rows; ++node) {
      bytes += 16 + (grid.tears != 0 ? 4 : 0);
      if (!context.pinned(grid.first_particle + node)) bytes += (verlet ? 16 : 48) + integration;
    }
  }
  return bytes;
}

template <typename Real>
void BendingLines::integrate_first(uint32_t integrate, CpuPass<Real>& pass) {
  if (integrate != WEFT_BEND_INTEGRATE_NONE) {
    integrate_particles(pass, integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
  }
}

template void BendingLines::integrate_first(uint32_t, CpuPass<float>&);
template void BendingLines::integrate_first(uint32_t, CpuPass<double>&);
template void BendingLines::solve_line(uint32_t, uint32_t, const gpu::SimParams&,
                                       ParticleState<float>&) const;
template void BendingLines::solve_line(uint32_t, uint32_t, const gpu::SimParams&,
                                       ParticleState<double>&) const;
template double BendingLines::elastic_energy(const ParticleState<float>&) const;
template double BendingLines::elastic_energy(const ParticleState<double>&) const;

}  // namespace weft
