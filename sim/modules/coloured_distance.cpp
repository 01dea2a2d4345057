#include "sim/modules/coloured_distance.h"

#include <cstddef>

#include "sim/cpu_forces.h"
#include "sim/link_state.h"
#include "sim/model.h"
#include "sim/model_error.h"
#include "sim/solver_paths.h"

namespace weft {

static_assert(sizeof(gpu::DistanceConstraint) == 20);
static_assert(offsetof(gpu::DistanceConstraint, compliance) == 12);
static_assert(sizeof(gpu::RelaxPush) == 16);
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

gpu::RelaxPush colour_push(const ColoredConstraints& colored, uint32_t colour, uint32_t sweep) {
  gpu::RelaxPush push{};
  push.first = colored.color_offsets[colour];
  push.count = colored.color_offsets[colour + 1] - colored.color_offsets[colour];
  push.reset_lambda = sweep == 0 ? 1u : 0u;
  return push;
}

}  // namespace

ColouredDistance::ColouredDistance(const ModuleContext& context)
    : colored_(color_constraints(context.model.particle_count(), context.paths.constraints())),
      tear_bits_(tear_bits_of(context.model, colored_)) {}

std::vector<const PassInfo*> ColouredDistance::passes() const {
  return {&kRelax, &kWatch};
}

void ColouredDistance::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t sweep,
                                std::vector<Step>& steps) const {
  if (stage != Stage::project) return;
  for (uint32_t c = 0; c < colored_.color_count(); ++c) {
    Step step = make_step(*this, kRelax, substep, sweep, c);
    gpu::RelaxPush push = colour_push(colored_, c, sweep);
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
  return from_push<gpu::RelaxPush>(step.push).count;
}

std::vector<ModuleBuffer> ColouredDistance::buffers() const {
  const uint64_t count = colored_.constraints.size();
  return {
      {"constraints", count * sizeof(gpu::DistanceConstraint), colored_.constraints.data()},
      {"lambdas", count * sizeof(float), nullptr, true},
      {"tear bits", tear_bits_.size() * sizeof(uint32_t), tear_bits_.data()},
  };
}

// shaders/relax_distance.comp
template <typename Real>
void ColouredDistance::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  std::vector<Real>& lambdas = state.module_arrays[first_state_array];
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
    const Real lambda = relax.reset_lambda != 0u ? Real(0) : lambdas[c];
    const Real w = pa.w + pb.w;
    const vec3 d = vec3(pa) - vec3(pb);
    const Real len = glm::length(d);
    if (w == Real(0) || len == Real(0)) {
      lambdas[c] = lambda;
      return;
    }
    // Softer while compressed where the material buckles (sim/link.h).
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
  double energy = 0.0;
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
  // Per constraint: read it and both x, write lambda (and read it but on the sweep that restarts
  // it); unless both ends are pinned, write both x (Euler: also read and write both v).
  const gpu::RelaxPush relax = from_push<gpu::RelaxPush>(step.push);
  // A constraint that can tear also reads its tear bits and a's link state.
  const uint64_t reads = sizeof(gpu::DistanceConstraint) + 2 * 16 + (relax.reset_lambda ? 0 : 4) +
                         (relax.tears ? 2 * 4 : 0);
  const uint64_t moves = 2 * 16 + (context.integrator == WEFT_INTEGRATOR_VERLET ? 0 : 4 * 16);
  uint64_t bytes = 0;
  for (uint32_t c = relax.first; c < relax.first + relax.count; ++c) {
    const gpu::DistanceConstraint& constraint = colored_.constraints[c];
    const bool inert = context.pinned(constraint.a) && context.pinned(constraint.b);
    bytes += reads + 4 + (inert ? 0 : moves);
  }
  return bytes;
}

std::vector<uint32_t> ColouredDistance::apply_edit(const Model& model, const SolverPaths& paths,
                                                   EditScope scope) {
  if (scope != EditScope::materials) return {};
  // Same links in the same order: the colouring comes out in the same order, so the XPBD
  // multipliers stay with their constraints.
  ColoredConstraints edited = color_constraints(model.particle_count(), paths.constraints());
  if (edited.constraints.size() != colored_.constraints.size()) {
    throw ModelError("a live edit cannot change the number of constraints (" +
                     std::to_string(colored_.constraints.size()) + " running, " +
                     std::to_string(edited.constraints.size()) +
                     " edited); rebuild the simulation instead");
  }
  colored_ = std::move(edited);
  return {0};
}

}  // namespace weft
