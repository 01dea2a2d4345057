#include "sim/modules/grid_bending.h"

#include <cstddef>
#include <string>

#include "sim/model/bending_element.h"
#include "sim/core/cpu_forces.h"
#include "sim/model/grid_layout.h"
#include "sim/modules/grid_lines.h"
#include "sim/modules/particle_integration.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

static_assert(sizeof(gpu::BendingGrid) == 48);
static_assert(offsetof(gpu::BendingGrid, tears) == 24);
static_assert(offsetof(gpu::BendingGrid, compliance) == 32);
static_assert(sizeof(gpu::GridBendingPush) == 16);

namespace {

const PassInfo kSolve{"grid bending", "bend_grid_lines.comp"};

constexpr uint32_t kGrids = WEFT_GRID_BENDING_BINDING_GRIDS;
constexpr uint32_t kFactors = WEFT_GRID_BENDING_BINDING_FACTORS;
constexpr uint32_t kBetas = WEFT_GRID_BENDING_BINDING_BETAS;

// One row or column (shaders/bend_grid_lines.comp): node i is particle first + i * stride.
struct Line {
  uint32_t first;
  uint32_t stride;
  uint32_t count;
  float compliance;
  bool tears;
  uint32_t tear_bits;
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
          rows ? 3u : 3u << 2};
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
// none (an end, a torn link), with the clamp of a middle node held on one side only.
template <typename Real>
Real element_stiffness(const Line& line, const LineStiffness<Real>& stiffness, uint32_t k, Real wa,
                       Real wb, Real wc, const std::vector<uint32_t>& link_state) {
  if (k == 0 || k + 1 >= line.count) return Real(0);
  if (line.tears && (link_state[line.first + k * line.stride] & line.tear_bits) != 0)
    return Real(0);
  const bool clamped = wb == Real(0) && (wa == Real(0)) != (wc == Real(0));
  return clamped ? stiffness.clamped : stiffness.free;
}

template <typename Real>
glm::vec<4, Real> node_position(const Line& line, const ParticleState<Real>& state, uint32_t i) {
  return i < line.count ? state.positions[line.first + i * line.stride] : glm::vec<4, Real>(0);
}

std::vector<size_t> bending_grids(const Model& model) {
  std::vector<size_t> grids;
  for (size_t g = 0; g < model.grids.size(); ++g) {
    if (model.grids[g].bending_stiffness > 0.0f) grids.push_back(g);
  }
  return grids;
}

}  // namespace

GridBending::GridBending(const ModuleContext& context)
    : particle_count_(context.model.particle_count()) {
  pack(context.model);
}

void GridBending::pack(const Model& model) {
  grids_.clear();
  rows_ = columns_ = nodes_ = 0;
  for (size_t g : bending_grids(model)) {
    const GridLayout& layout = model.grids[g];
    gpu::BendingGrid grid{};
    grid.first_particle = layout.first_particle;
    grid.columns = layout.columns;
    grid.rows = layout.rows;
    grid.first_node = nodes_;
    grid.first_row_line = rows_;
    grid.first_column_line = columns_;
    grid.tears = layout.break_strain > 0.0f ? 1u : 0u;
    const float du = glm::length(layout.column_step);
    const float dv = glm::length(layout.row_step);
    grid.compliance = glm::vec4(grid_bending_compliance(layout.bending_stiffness, du, dv),
                                grid_bending_compliance(layout.bending_stiffness, dv, du), 0, 0);
    grids_.push_back(grid);
    rows_ += layout.rows;
    columns_ += layout.columns;
    nodes_ += static_cast<uint32_t>(layout.node_count());
  }
}

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
    push.line_count = axis == WEFT_BEND_ALONG_ROWS ? rows_ : columns_;
    push.grid_count = static_cast<uint32_t>(grids_.size());
    if (axis == WEFT_BEND_ALONG_ROWS && shape.integration_in_bending) {
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
  // A workgroup per WEFT_BEND_LINES_PER_GROUP lines (bend_grid_lines.comp).
  const uint32_t lines = from_push<gpu::GridBendingPush>(step.push).line_count;
  return (lines + WEFT_BEND_LINES_PER_GROUP - 1) / WEFT_BEND_LINES_PER_GROUP * WEFT_GROUP_SIZE;
}

std::vector<ModuleBuffer> GridBending::buffers() const {
  std::vector<ModuleBuffer> buffers(3);
  buffers[kGrids] = {"grids", grids_.size() * sizeof(gpu::BendingGrid), grids_.data()};
  buffers[kFactors] = {"elimination factors", uint64_t{nodes_} * 16, nullptr};
  buffers[kBetas] = {"elimination betas", uint64_t{nodes_} * 4, nullptr};
  return buffers;
}

// shaders/bend_grid_lines.comp, the same arithmetic in the same order; the factors stay local.
template <typename Real>
void GridBending::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  ParticleState<Real>& state = pass.state;
  const gpu::GridBendingPush push = from_push<gpu::GridBendingPush>(step.push);
  const Real dt(pass.params.dt);
  const Real inverse_dt2 = Real(1) / (dt * dt);
  if (push.integrate != WEFT_BEND_INTEGRATE_NONE) {
    // Every particle is a node of these grids; the shader integrates each as it loads it, which
    // comes to the same as integrating them all first (a step reads only its own particle).
    integrate_particles(pass, push.integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
  }
  // The lines of one axis share no node: each is solved on its own, as on the GPU.
  pass.for_each(
      push.line_count,
      [&](uint32_t t) {
        thread_local std::vector<vec4> factors;
        thread_local std::vector<Real> betas;
        const Line line = line_of_thread(grids_, push.axis, t);
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
          s_after = element_stiffness(line, stiffness, i + 1, here.w, next.w, after_next.w,
                                      state.link_state);
          c_after =
              s_after != Real(0) ? vec3(here) - Real(2) * vec3(next) + vec3(after_next) : vec3(0);
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
            if (!cpu::integrator_is_verlet(pass.params)) {
              state.velocities[line.first + i * line.stride] += vec4(d / dt, Real(0));
            }
          }
          d2 = d1;
          d1 = d;
        }
      },
      2);
}

template <typename Real>
double GridBending::elastic_energy_of(const ParticleState<Real>& state) const {
  double energy = 0.0;
  for (uint32_t axis : {WEFT_BEND_ALONG_ROWS, WEFT_BEND_ALONG_COLUMNS}) {
    const uint32_t lines = axis == WEFT_BEND_ALONG_ROWS ? rows_ : columns_;
    for (uint32_t t = 0; t < lines; ++t) {
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

uint64_t GridBending::bytes(const Step& step, const TrafficContext& context) const {
  // Every grid once (the lines search them). Per node: read x (forward and back: one element) and
  // its link state where the grid tears; write and read its factors (20 B each way); write x where
  // it is free (Euler: read and write v too).
  // Integrating as well, per free node: Verlet reads and writes x_prev and what rounding owes the
  // step (64 B), Euler writes x_prev (its v is counted above), and the force is read where one
  // was gathered.
  const gpu::GridBendingPush push = from_push<gpu::GridBendingPush>(step.push);
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  uint64_t integration = 0;
  if (push.integrate != WEFT_BEND_INTEGRATE_NONE) {
    integration = (verlet ? 64 : 16) + (push.integrate == WEFT_BEND_INTEGRATE_FORCES ? 16 : 0);
  }
  uint64_t bytes = grids_.size() * sizeof(gpu::BendingGrid);
  for (uint32_t t = 0; t < push.line_count; ++t) {
    const Line line = line_of_thread(grids_, push.axis, t);
    for (uint32_t i = 0; i < line.count; ++i) {
      bytes += 16 + 2 * 20 + (line.tears ? 4 : 0);
      if (!context.pinned(line.first + i * line.stride)) bytes += (verlet ? 16 : 48) + integration;
    }
  }
  return bytes;
}

std::vector<uint32_t> GridBending::apply_edit(const Model& model, const SolverPaths&,
                                              EditScope scope) {
  if (scope != EditScope::materials) return {};
  GridBending running = *this;
  pack(model);
  if (grids_.size() != running.grids_.size() || nodes_ != running.nodes_) {
    *this = std::move(running);
    throw ModelError(
        "a live edit cannot make a cloth grid bend when it did not, or stop it bending; "
        "rebuild the simulation instead");
  }
  return {kGrids};
}

}  // namespace weft
