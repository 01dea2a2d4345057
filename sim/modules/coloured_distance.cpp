#include "sim/modules/coloured_distance.h"

#include <algorithm>
#include <cstddef>
#include <unordered_map>
#include <unordered_set>

#include "sim/core/cpu_forces.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/core/solver_paths.h"

namespace weft {

static_assert(sizeof(gpu::DistanceConstraint) == 20);
static_assert(offsetof(gpu::DistanceConstraint, compliance) == 12);
static_assert(sizeof(gpu::RelaxPush) == 20);
static_assert(offsetof(gpu::RelaxPush, reset_lambda) == 8);

namespace {

const PassInfo kRelax{"constraint relaxation", "relax_distance.comp"};
const PassInfo kWatch{"blow-up watch: distance constraints", "measure_distance.comp"};

// Per constraint, the bits of its end a's link state that say it tore; empty when none can.
std::vector<uint32_t> tear_bits_of(const Model& model, const ColoredConstraints& colored) {
  std::vector<uint32_t> bits(colored.constraints.size(), 0);
  bool any = false;
  for (size_t c = 0; c < bits.size(); ++c) {
    bits[c] = link_tear_bits(model, colored.constraints[c].a, colored.constraints[c].b);
    any = any || bits[c] != 0;
  }
  if (!any) bits.clear();
  return bits;
}

// The cloth grids whose links this module relaxes: those not on the grid path.
std::vector<GridLayout> general_path_grids(const Model& model, const SolverPaths& paths) {
  std::vector<GridLayout> grids;
  for (size_t g = 0; g < model.grids.size(); ++g) {
    const std::vector<size_t>& grid_path = paths.grid_path();
    if (std::find(grid_path.begin(), grid_path.end(), g) == grid_path.end()) {
      grids.push_back(model.grids[g]);
    }
  }
  return grids;
}

// A link's key: its two particles, the lower first.
uint64_t link_key(uint32_t a, uint32_t b) {
  return a < b ? uint64_t{a} << 32 | b : uint64_t{b} << 32 | a;
}

// The structural links of these grids that are solved along lines.
std::unordered_set<uint64_t> line_links(const std::vector<GridLayout>& grids) {
  std::unordered_set<uint64_t> links;
  for (const GridLayout& grid : grids) {
    if (!stretch_solved_along_lines(grid)) continue;
    for_each_grid_link(grid, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t) {
      if (kind == GridLinkKind::structural) {
        links.insert(link_key(grid.first_particle + a, grid.first_particle + b));
      }
    });
  }
  return links;
}

// The model's constraints in colours, the links solved along lines first within each colour
// (stable: model order otherwise); `solved` receives how many of each colour's those are.
ColoredConstraints colour_with_line_links_first(const Model& model, const SolverPaths& paths,
                                                std::vector<uint32_t>& solved) {
  const std::unordered_set<uint64_t> lines = line_links(general_path_grids(model, paths));
  ColoredConstraints colored = color_constraints(model.particle_count(), paths.constraints());
  solved.assign(colored.color_count(), 0);
  for (uint32_t c = 0; c < colored.color_count(); ++c) {
    const auto first = colored.constraints.begin() + colored.color_offsets[c];
    const auto last = colored.constraints.begin() + colored.color_offsets[c + 1];
    const auto middle = std::stable_partition(first, last, [&](const gpu::DistanceConstraint& k) {
      return lines.count(link_key(k.a, k.b)) != 0;
    });
    solved[c] = static_cast<uint32_t>(middle - first);
  }
  return colored;
}

// The line solve of the general path's grids, writing each link's multiplier into its
// constraint's.
LineSolves line_solves(const Model& model, const SolverPaths& paths,
                       const ColoredConstraints& colored) {
  std::unordered_map<uint64_t, uint32_t> index;
  for (uint32_t c = 0; c < colored.constraints.size(); ++c)
    index.emplace(link_key(colored.constraints[c].a, colored.constraints[c].b), c);
  const std::vector<GridLayout> grids = general_path_grids(model, paths);
  return LineSolves(grids, true, [&](size_t g, uint32_t lower, uint32_t axis) {
    const uint32_t a = grids[g].first_particle + lower;
    const uint32_t b = a + (axis == WEFT_STRETCH_ALONG_ROWS ? 1u : grids[g].columns);
    const auto found = index.find(link_key(a, b));
    return found == index.end() ? WEFT_STRETCH_NO_SLOT : found->second;
  });
}

gpu::RelaxPush colour_push(const ColoredConstraints& colored,
                           const std::vector<uint32_t>& solved_along_lines, uint32_t colour,
                           uint32_t sweep) {
  gpu::RelaxPush push{};
  push.first = colored.color_offsets[colour];
  push.count = colored.color_offsets[colour + 1] - colored.color_offsets[colour];
  push.reset_lambda = sweep == 0 ? 1u : 0u;
  push.solved_along_lines = solved_along_lines[colour];
  return push;
}

}  // namespace

ColouredDistance::ColouredDistance(const ModuleContext& context)
    : colored_(colour_with_line_links_first(context.model, context.paths, solved_along_lines_)),
      tear_bits_(tear_bits_of(context.model, colored_)),
      lines_(line_solves(context.model, context.paths, colored_)),
      particle_count_(context.model.particle_count()) {}

std::vector<const PassInfo*> ColouredDistance::passes() const {
  return {&kRelax, &kWatch, &LineSolves::pass()};
}

std::string ColouredDistance::label(const Step& step) const {
  if (step.pass == &LineSolves::pass()) return lines_.label(step);
  return std::string(step.pass->name) + " (sweep " + std::to_string(step.sweep) + ", colour " +
         std::to_string(step.part) + ")";
}

void ColouredDistance::schedule(Stage stage, const FrameShape& shape, uint32_t substep,
                                uint32_t sweep, std::vector<Step>& steps) const {
  if (stage != Stage::project) return;
  if (sweep == 0) {
    lines_.schedule(*this, shape, shape.integration_in_lines && integrates_every_particle(),
                    substep, steps);
  }
  for (uint32_t c = 0; c < colored_.color_count(); ++c) {
    Step step = make_step(*this, kRelax, substep, sweep, c);
    gpu::RelaxPush push = colour_push(colored_, solved_along_lines_, c, sweep);
    push.tears = tear_bits_.empty() ? 0u : 1u;
    step.push = to_push(push);
    steps.push_back(std::move(step));
  }
}

void ColouredDistance::schedule_health(std::vector<Step>& steps) const {
  if (colored_.constraints.empty()) return;
  Step step = make_step(*this, kWatch, 0);
  gpu::RelaxPush push{};
  push.count = static_cast<uint32_t>(colored_.constraints.size());
  push.tears = tear_bits_.empty() ? 0u : 1u;
  step.push = to_push(push);
  steps.push_back(std::move(step));
}

uint32_t ColouredDistance::threads(const Step& step) const {
  if (step.pass == &LineSolves::pass()) return lines_.threads(step);
  return from_push<gpu::RelaxPush>(step.push).count;
}

std::vector<ModuleBuffer> ColouredDistance::buffers() const {
  const uint64_t count = colored_.constraints.size();
  std::vector<ModuleBuffer> buffers = {
      {"constraints", count * sizeof(gpu::DistanceConstraint), colored_.constraints.data()},
      {"lambdas", count * sizeof(float), nullptr, true},
      {"tear bits", tear_bits_.size() * sizeof(uint32_t), tear_bits_.data()},
  };
  for (ModuleBuffer& buffer : lines_.buffers())
    buffers.push_back(std::move(buffer));
  return buffers;
}

// shaders/relax_distance.comp
template <typename Real>
void ColouredDistance::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  std::vector<Real>& lambdas = state.module_arrays[first_state_array];
  if (step.pass == &LineSolves::pass()) {
    lines_.run(step, pass, lambdas);
    return;
  }
  const gpu::RelaxPush relax = from_push<gpu::RelaxPush>(step.push);
  const Real dt = params.dt;
  // One colour: no two of its constraints share a particle.
  pass.for_each(relax.count, [&](uint32_t k) {
    const uint32_t c = relax.first + k;
    const gpu::DistanceConstraint& constraint = colored_.constraints[c];
    if (relax.tears != 0u && (state.link_state[constraint.a] & tear_bits_[c]) != 0u) {
      lambdas[c] = Real(0);
      return;
    }
    const vec4 pa = state.positions[constraint.a];
    const vec4 pb = state.positions[constraint.b];
    // A substep's first sweep restarts the multipliers, but those of the links the line solve
    // has just written.
    const bool restart = relax.reset_lambda != 0u && k >= relax.solved_along_lines;
    const Real lambda = restart ? Real(0) : lambdas[c];
    const Real w = pa.w + pb.w;
    const vec3 d = vec3(pa) - vec3(pb);
    const Real len = glm::length(d);
    if (w == Real(0) || len == Real(0)) {
      lambdas[c] = lambda;
      return;
    }
    // Softer while compressed where the material buckles (sim/model/link.h).
    const Real compliance = len < Real(constraint.rest_length)
                                ? Real(constraint.compression_compliance)
                                : Real(constraint.compliance);
    const Real alpha = compliance / (dt * dt);
    const vec3 n = d / len;
    const Real delta_lambda =
        (-(len - Real(constraint.rest_length)) - alpha * lambda) / (w + alpha);
    lambdas[c] = lambda + delta_lambda;
    const vec3 move_a = (pa.w * delta_lambda) * n;
    const vec3 move_b = (-pb.w * delta_lambda) * n;
    state.positions[constraint.a] = vec4(vec3(pa) + move_a, pa.w);
    state.positions[constraint.b] = vec4(vec3(pb) + move_b, pb.w);
    if (!cpu::integrator_is_verlet(params)) {
      state.velocities[constraint.a] += vec4(move_a / dt, Real(0));
      state.velocities[constraint.b] += vec4(move_b / dt, Real(0));
    }
  });
}

// shaders/measure_distance.comp
template <typename Real>
void ColouredDistance::measure_health_of(const ParticleState<Real>& state,
                                         HealthReport& report) const {
  Real worst(report.largest_stretch);
  for (size_t k = 0; k < colored_.constraints.size(); ++k) {
    const gpu::DistanceConstraint& c = colored_.constraints[k];
    if (!tear_bits_.empty() && (state.link_state[c.a] & tear_bits_[k]) != 0u) continue;
    const Real rest(c.rest_length);
    const Real e = (glm::length(cpu::vec3<Real>(state.positions[c.a]) -
                                cpu::vec3<Real>(state.positions[c.b])) -
                    rest) /
                   rest;
    if (e > worst) worst = e;
  }
  report.largest_stretch = static_cast<float>(worst);
}

template <typename Real>
double ColouredDistance::elastic_energy_of(const ParticleState<Real>& state) const {
  double energy = lines_.bending_energy(state);  // the grids' bending, solved in the line walks
  for (size_t k = 0; k < colored_.constraints.size(); ++k) {
    const gpu::DistanceConstraint& c = colored_.constraints[k];
    if (!tear_bits_.empty() && (state.link_state[c.a] & tear_bits_[k]) != 0u) continue;
    const double stretch =
        glm::length(glm::dvec3(state.positions[c.a]) - glm::dvec3(state.positions[c.b])) -
        c.rest_length;
    const float compliance = stretch < 0.0 ? c.compression_compliance : c.compliance;
    if (compliance <= 0.0f) continue;  // inextensible: no stored energy
    energy += 0.5 * stretch * stretch / compliance;
  }
  return energy;
}

uint64_t ColouredDistance::bytes(const Step& step, const TrafficContext& context) const {
  if (step.pass == &LineSolves::pass()) return lines_.bytes(step, context);
  // Per constraint: read it and both x, write lambda (and read it but where the sweep restarts
  // it); unless both ends are pinned, write both x (Euler: also read and write both v).
  const gpu::RelaxPush relax = from_push<gpu::RelaxPush>(step.push);
  // A constraint that can tear also reads its tear bits and a's link state.
  const uint64_t reads = sizeof(gpu::DistanceConstraint) + 2 * 16 + (relax.tears ? 2 * 4 : 0);
  const uint64_t moves = 2 * 16 + (context.integrator == WEFT_INTEGRATOR_VERLET ? 0 : 4 * 16);
  uint64_t bytes = 0;
  for (uint32_t k = 0; k < relax.count; ++k) {
    const gpu::DistanceConstraint& constraint = colored_.constraints[relax.first + k];
    const bool inert = context.pinned(constraint.a) && context.pinned(constraint.b);
    const bool restart = relax.reset_lambda != 0u && k >= relax.solved_along_lines;
    bytes += reads + (restart ? 0 : 4) + 4 + (inert ? 0 : moves);
  }
  return bytes;
}

std::vector<uint32_t> ColouredDistance::apply_edit(const Model& model, const SolverPaths& paths,
                                                   EditScope scope) {
  if (scope != EditScope::materials) return {};
  // Same links in the same order: the colouring comes out in the same order, so the XPBD
  // multipliers stay with their constraints.
  std::vector<uint32_t> solved;
  ColoredConstraints edited = colour_with_line_links_first(model, paths, solved);
  if (edited.constraints.size() != colored_.constraints.size()) {
    throw ModelError("a live edit cannot change the number of constraints (" +
                     std::to_string(colored_.constraints.size()) + " running, " +
                     std::to_string(edited.constraints.size()) +
                     " edited); rebuild the simulation instead");
  }
  LineSolves lines = lines_;
  if (!lines.apply_materials(general_path_grids(model, paths))) {
    throw ModelError(
        "a live edit cannot make a cloth grid's links constraints, or stop them being "
        "constraints; rebuild the simulation instead");
  }
  colored_ = std::move(edited);
  solved_along_lines_ = std::move(solved);
  lines_ = std::move(lines);
  return {0, WEFT_STRETCH_BINDING_GRIDS, WEFT_LINES_BINDING_BENDING_GRIDS};
}

}  // namespace weft
