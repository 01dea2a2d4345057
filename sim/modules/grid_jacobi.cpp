#include "sim/modules/grid_jacobi.h"

#include "sim/core/cpu_forces.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

namespace {

const PassInfo kRelax{"constraint relaxation (grid Jacobi)", "relax_grid_jacobi.comp"};

// Buffers of this module, in binding order (shaders/grid_cloth.h).
constexpr uint32_t kGrids = WEFT_GRID_BINDING_GRIDS;
constexpr uint32_t kLambdas = WEFT_GRID_BINDING_LAMBDAS;
constexpr uint32_t kScratch = WEFT_GRID_BINDING_SCRATCH;
constexpr uint32_t kLambdasScratch = WEFT_GRID_BINDING_LAMBDAS_SCRATCH;

uint64_t count_constraint_links(const GridSet& grids) {
  uint64_t links = 0;
  for (const GridLayout& layout : grids.layouts()) {
    for_each_grid_link(layout, [&](uint32_t, uint32_t, GridLinkKind kind, uint32_t) {
      links += has_constraint(grid_material(layout, kind).kind);
    });
  }
  return links;
}

uint32_t reach_of(const GridSet& grids) {
  for (const gpu::GridParams& grid : grids.params()) {
    if ((grid.constraint_kinds & WEFT_GRID_BEND) != 0) return 2;
  }
  return 1;
}

bool any_uses_lambdas(const GridSet& grids) {
  for (const gpu::GridParams& grid : grids.params()) {
    if (grid.uses_lambdas) return true;
  }
  return false;
}

// Where the line solve leaves a structural link's multiplier: in its lower node's slot for the
// link's direction (kGridDirections: slot 0 along a row, 1 along a column).
LineSolves line_solves(const GridSet& grids, bool uses_lambdas) {
  return LineSolves(grids.layouts(), uses_lambdas, [&](size_t g, uint32_t lower, uint32_t axis) {
    return (grids.params()[g].first_thread + lower) * kGridLambdasPerParticle +
           (axis == WEFT_STRETCH_ALONG_ROWS ? 0u : 1u);
  });
}

}  // namespace

GridJacobi::GridJacobi(const ModuleContext& context)
    : grids_(context.model, context.paths),
      constraint_links_(count_constraint_links(grids_)),
      uses_lambdas_(any_uses_lambdas(grids_)),
      reach_(reach_of(grids_)),
      lines_(line_solves(grids_, uses_lambdas_)),
      particle_count_(context.model.particle_count()) {}

uint32_t GridJacobi::tile_count(uint32_t tile) const {
  uint32_t tiles = 0;
  for (const gpu::GridParams& grid : grids_.params())
    tiles += ((grid.columns + tile - 1) / tile) * ((grid.rows + tile - 1) / tile);
  return tiles;
}

std::vector<const PassInfo*> GridJacobi::passes() const {
  return {&kRelax, &LineSolves::pass()};
}

std::string GridJacobi::label(const Step& step) const {
  if (step.pass == &LineSolves::pass()) return lines_.label(step);
  const uint32_t sweeps = from_push<gpu::GridTilesPush>(step.push).sweeps;
  const uint32_t last = step.sweep + sweeps - 1;
  return "constraint relaxation (grid Jacobi, " +
         (sweeps == 1 ? "sweep " + std::to_string(step.sweep)
                      : "sweeps " + std::to_string(step.sweep) + " to " + std::to_string(last)) +
         ")";
}

uint32_t GridJacobi::threads(const Step& step) const {
  if (step.pass == &LineSolves::pass()) return lines_.threads(step);
  return from_push<gpu::GridTilesPush>(step.push).thread_count;
}

void GridJacobi::schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t sweep,
                          std::vector<Step>& steps) const {
  const uint32_t sweeps = shape.relaxation_sweeps;
  const uint32_t per_dispatch = sweeps_per_dispatch();
  if (stage != Stage::project || sweep >= sweeps || sweep % per_dispatch != 0) return;
  if (sweep == 0) {
    lines_.schedule(*this, shape, shape.integration_in_lines && integrates_every_particle(),
                    substep, steps);
  }
  const uint32_t dispatch = sweep / per_dispatch;
  Step step = make_step(*this, kRelax, substep, sweep, dispatch);
  gpu::GridTilesPush push{};
  push.sweeps = std::min(per_dispatch, sweeps - sweep);
  push.tile = tile_after(push.sweeps);
  push.thread_count = tile_count(push.tile) * WEFT_GROUP_SIZE;
  push.grid_count = grids_.grid_count();
  push.reset_lambda = sweep == 0 ? 1u : 0u;
  push.read_scratch = dispatch % 2;
  step.push = to_push(push);
  if (sweep + push.sweeps == sweeps && dispatch % 2 == 0) {
    // The last of an odd number of dispatches left the result in the scratch buffers: copy it
    // back.
    for (const gpu::GridParams& grid : grids_.params()) {
      const uint64_t nodes = uint64_t{grid.columns} * grid.rows;
      step.copies.push_back({{false, kScratch},
                             {true, WEFT_BINDING_POSITIONS},
                             uint64_t{grid.first_thread} * 16,
                             uint64_t{grid.first_particle} * 16,
                             nodes * 16});
    }
    if (uses_lambdas_) {
      step.copies.push_back(
          {{false, kLambdasScratch}, {false, kLambdas}, 0, 0, lambda_count() * sizeof(float)});
    }
  }
  steps.push_back(std::move(step));
}

std::vector<ModuleBuffer> GridJacobi::buffers() const {
  const uint64_t lambda_bytes = lambda_count() * sizeof(float);
  std::vector<ModuleBuffer> buffers(kLambdasScratch + 1);
  buffers[kGrids] = {"grids", grids_.params().size() * sizeof(gpu::GridParams),
                     grids_.params().data()};
  buffers[kLambdas] = {"lambdas", lambda_bytes, nullptr, true};
  buffers[kScratch] = {"scratch positions", uint64_t{grids_.thread_count()} * 16, nullptr};
  std::vector<ModuleBuffer> lines = lines_.buffers();
  for (size_t k = 0; k < lines.size(); ++k)
    buffers[WEFT_STRETCH_BINDING_GRIDS + k] = std::move(lines[k]);
  buffers[kLambdasScratch] = {"scratch lambdas", lambda_bytes, nullptr};
  return buffers;
}

// shaders/relax_grid_jacobi.comp. The CPU has no scratch buffers: every sweep reads the current
// positions and writes the relaxed ones back, which is what the GPU's alternation amounts to;
// and it sweeps the whole grid, which is what the GPU's squares amount to.
template <typename Real>
void GridJacobi::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  std::vector<Real> no_lambdas;
  std::vector<Real>& lambdas =
      uses_lambdas_ ? pass.state.module_arrays[first_state_array] : no_lambdas;
  if (step.pass == &LineSolves::pass()) {
    lines_.run(step, pass, lambdas);
    return;
  }
  const gpu::GridTilesPush push = from_push<gpu::GridTilesPush>(step.push);
  for (uint32_t sweep = 0; sweep < push.sweeps; ++sweep)
    sweep_cpu(push.reset_lambda != 0 && sweep == 0, pass, lambdas);
}

template <typename Real>
void GridJacobi::sweep_cpu(bool restart_sweep, CpuPass<Real>& pass,
                           std::vector<Real>& lambdas) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  const Real dt = params.dt;
  std::vector<vec4> relaxed(grids_.thread_count());
  std::vector<Real> next_lambdas = lambdas;
  // A node writes its own position and the multipliers of the links it owns.
  pass.for_each(grids_.thread_count(), [&](uint32_t t) {
    const gpu::GridParams& grid = grids_.params()[grids_.grid_of_thread(t)];
    const bool grid_lambdas = grid.uses_lambdas != 0;
    const uint32_t node = t - grid.first_thread;
    const vec4 p = state.positions[grid.first_particle + node];
    const uint32_t column = node % grid.columns;
    const uint32_t row = node / grid.columns;
    const uint32_t links =
        grid.break_strain > 0.0f ? state.link_state[grid.first_particle + node] : 0u;
    vec3 correction(0);
    for (uint32_t k = 0; k < kGridDirections.size(); ++k) {
      const GridDirection& d = kGridDirections[k];
      uint32_t j = 0;
      if ((grid.constraint_kinds & grid_kind_bit(d.kind)) == 0 ||
          !GridSet::neighbour(grid, column, row, d, j)) {
        continue;
      }
      const uint32_t owner = d.forward ? t : grid.first_thread + j;
      const vec4 other = state.positions[grid.first_particle + j];
      const vec4 po = d.forward ? p : other;
      const vec4 pt = d.forward ? other : p;
      const uint32_t slot = owner * kGridLambdasPerParticle + d.slot;
      if (link_torn(links, k)) {
        if (d.forward && grid_lambdas) next_lambdas[slot] = Real(0);
        continue;
      }
      // A substep's first sweep restarts the multipliers, but those of the structural links the
      // line solve has just written.
      const bool restart = restart_sweep && (d.kind != GridLinkKind::structural ||
                                             grid.structural_solved_along_lines == 0);
      const Real lambda = restart || !grid_lambdas ? Real(0) : lambdas[slot];
      const Real w = po.w + pt.w;
      const vec3 delta = vec3(po) - vec3(pt);
      const Real len = glm::length(delta);
      if (w == Real(0) || len == Real(0)) {
        if (d.forward && grid_lambdas) next_lambdas[slot] = lambda;
        continue;
      }
      const Real rest(grid_rest_length(grid, d.slot));
      // Softer while compressed where the material buckles (sim/model/link.h).
      const auto kind = static_cast<glm::length_t>(d.kind);
      const Real compliance =
          len < rest ? Real(grid.compression[kind]) : Real(grid.compliance[kind]);
      const Real alpha = compliance / (dt * dt);
      const vec3 n = delta / len;
      const Real delta_lambda =
          Real(grid.jacobi_scale) * (-(len - rest) - alpha * lambda) / (w + alpha);
      if (d.forward && grid_lambdas) next_lambdas[slot] = lambda + delta_lambda;
      correction += d.forward ? (p.w * delta_lambda) * n : (-p.w * delta_lambda) * n;
    }
    relaxed[t] = vec4(vec3(p) + correction, p.w);
    if (!cpu::integrator_is_verlet(params)) {
      state.velocities[grid.first_particle + node] += vec4(correction / dt, Real(0));
    }
  });
  pass.for_each(grids_.thread_count(), [&](uint32_t t) {
    const gpu::GridParams& grid = grids_.params()[grids_.grid_of_thread(t)];
    state.positions[grid.first_particle + (t - grid.first_thread)] = relaxed[t];
  });
  lambdas = std::move(next_lambdas);
}

template <typename Real>
double GridJacobi::elastic_energy_of(const ParticleState<Real>& state) const {
  double energy = lines_.bending_energy(state);  // the grids' bending, solved in the line walks
  for (size_t g = 0; g < grids_.layouts().size(); ++g) {
    const GridLayout& layout = grids_.layouts()[g];
    const gpu::GridParams& grid = grids_.params()[g];
    const uint32_t first = layout.first_particle;
    // A torn link stores nothing (tearing.h): slot s leads forward in direction 2 s.
    auto torn = [&](uint32_t node, uint32_t bits) {
      return grid.break_strain > 0.0f && (state.link_state[first + node] & bits) != 0;
    };
    for_each_grid_link(layout, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t slot) {
      const LinkMaterial& m = grid_material(layout, kind);
      if (!has_constraint(m.kind) || torn(a, 1u << (2 * slot))) return;
      const double stretch = glm::length(glm::dvec3(state.positions[first + a]) -
                                         glm::dvec3(state.positions[first + b])) -
                             grid_rest_length(grid, slot);
      const float compliance = stretch < 0.0 ? compression_compliance_of(m) : m.compliance;
      if (compliance <= 0.0f) return;  // inextensible: no stored energy
      energy += 0.5 * stretch * stretch / compliance;
    });
  }
  return energy;
}

uint64_t GridJacobi::bytes(const Step& step, const TrafficContext& context) const {
  if (step.pass == &LineSolves::pass()) return lines_.bytes(step, context);
  // Every node reads x from one buffer and writes x' to the other (Euler: and v), once however
  // many sweeps the dispatch runs; multipliers, when a kind is compliant: read (not on the sweep
  // that restarts them) and written, 4 B per constraint link. The copy back of an odd count reads
  // and writes both scratch buffers. Neighbouring squares share their edges: those reads are
  // counted once, as if the cache served the second.
  const gpu::GridTilesPush push = from_push<gpu::GridTilesPush>(step.push);
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  uint64_t bytes = uint64_t{grids_.thread_count()} * (verlet ? 2 : 4) * 16 +
                   grids_.params().size() * sizeof(gpu::GridParams);
  if (uses_lambdas_) bytes += constraint_links_ * 4 * (push.reset_lambda ? 1 : 2);
  // The structural links the line solve has just written are read on the sweep that restarts.
  if (uses_lambdas_ && push.reset_lambda) bytes += lines_.stretch().link_count() * 4;
  for (const StepCopy& copy : step.copies)
    bytes += 2 * copy.bytes;
  return bytes;
}

std::vector<uint32_t> GridJacobi::apply_edit(const Model& model, const SolverPaths& paths,
                                             EditScope scope) {
  if (scope != EditScope::materials) return {};
  GridSet edited = grids_;
  edited.apply_materials(model, paths);
  LineSolves lines = lines_;
  if (count_constraint_links(edited) != constraint_links_ ||
      (any_uses_lambdas(edited) && !uses_lambdas_) || !lines.apply_materials(edited.layouts())) {
    throw ModelError(
        "a live edit cannot make a cloth grid's links constraints, or compliant, "
        "when they were not; rebuild the simulation instead");
  }
  grids_ = std::move(edited);
  lines_ = std::move(lines);
  return {kGrids, WEFT_STRETCH_BINDING_GRIDS, WEFT_LINES_BINDING_BENDING_GRIDS};
}

}  // namespace weft
