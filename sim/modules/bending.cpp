#include "sim/modules/bending.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "sim/core/cpu_forces.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/core/solver_paths.h"

namespace weft {

static_assert(sizeof(gpu::BendingElement) == 48);
static_assert(offsetof(gpu::BendingElement, coefficients) == 16);
static_assert(offsetof(gpu::BendingElement, compliance) == 32);
static_assert(offsetof(gpu::BendingElement, arity) == 36);
static_assert(offsetof(gpu::BendingElement, side_share) == 44);
static_assert(sizeof(gpu::BendingPush) == 16);

namespace {

const PassInfo kRelax{"bending", "relax_bending.comp"};

uint32_t arity_of(const BendingElement& e) {
  return e.coefficients[3] == 0.0f ? 3u : 4u;
}

// The element's compliance with these inverse masses of its particles: held along its hinge and
// on one side only, it bends over its free side alone (shaders/relax_bending.comp).
template <typename Real>
Real current_compliance(const gpu::BendingElement& e, const Real (&w)[4]) {
  const bool four = e.arity == 4;
  const bool hinge_held = four ? w[0] == Real(0) && w[1] == Real(0) : w[1] == Real(0);
  const bool side_held = (four ? w[3] : w[0]) == Real(0);
  if (!hinge_held || (w[2] == Real(0)) == side_held) return Real(e.compliance);
  return Real(e.compliance) * (side_held ? Real(e.side_share) : Real(1) - Real(e.side_share));
}

// The most passes over the colours a sweep makes. A 1.3 mm cotton strip at 16 substeps asks for
// more, and with 64 droops as its converged hinges do (docs/physics.md, "How it bends").
constexpr double kMaxRepeats = 64.0;

// Passes over the colours a sweep needs: the stiffest hinge's stiffness against its particles'
// inertia in one substep, (sum c_k^2 w_k) dt^2 / compliance, the number of Gauss-Seidel passes
// over which a bend it carries settles (docs/physics.md measures it).
uint32_t hinge_repeats(const Model& model, const std::vector<BendingElement>& elements) {
  const double dt = double{model.solver.frame_dt} / static_cast<double>(model.solver.substeps);
  double stiffest = 0.0;
  for (const BendingElement& e : elements) {
    double weight = 0.0;
    for (uint32_t k = 0; k < arity_of(e); ++k)
      weight +=
          double{e.coefficients[k]} * e.coefficients[k] * model.inverse_masses[e.particles[k]];
    stiffest = std::max(stiffest, weight * dt * dt / double{e.compliance});
  }
  return static_cast<uint32_t>(std::clamp(std::ceil(stiffest), 1.0, kMaxRepeats));
}

}  // namespace

Bending::Bending(const ModuleContext& context) {
  pack(context.model, context.paths.bending());
}

void Bending::pack(const Model& model, const std::vector<BendingElement>& elements) {
  const ElementColors colors =
      color_elements(model.particle_count(), elements.size(), [&](size_t e) {
        return std::span<const uint32_t>(elements[e].particles.data(), arity_of(elements[e]));
      });
  offsets_ = colors.offsets;
  repeats_ = hinge_repeats(model, elements);
  elements_.clear();
  elements_.reserve(elements.size());
  for (uint32_t source : colors.order) {
    const BendingElement& e = elements[source];
    gpu::BendingElement packed{};
    packed.arity = arity_of(e);
    packed.particles = glm::uvec4(e.particles[0], e.particles[1], e.particles[2],
                                  packed.arity == 4 ? e.particles[3] : e.particles[0]);
    packed.coefficients =
        glm::vec4(e.coefficients[0], e.coefficients[1], e.coefficients[2], e.coefficients[3]);
    packed.compliance = e.compliance;
    packed.side_share = e.side_share;
    elements_.push_back(packed);
  }
}

std::vector<const PassInfo*> Bending::passes() const {
  return {&kRelax};
}

void Bending::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t sweep,
                       std::vector<Step>& steps) const {
  // Every sweep, the multipliers gathered over the substep: elements one at a time move a bend a
  // node or two per pass, so each sweep passes over the colours as often as the stiffest hinge
  // needs to settle (hinge_repeats).
  if (stage != Stage::project) return;
  for (uint32_t repeat = 0; repeat < repeats_; ++repeat) {
    for (uint32_t c = 0; c + 1 < offsets_.size(); ++c) {
      Step step = make_step(*this, kRelax, substep, sweep, c);
      gpu::BendingPush push{};
      push.first = offsets_[c];
      push.count = offsets_[c + 1] - offsets_[c];
      push.reset_lambda = sweep == 0 && repeat == 0 ? 1u : 0u;
      step.push = to_push(push);
      steps.push_back(std::move(step));
    }
  }
}

std::string Bending::label(const Step& step) const {
  return "bending (colour " + std::to_string(step.part) + ")";
}

uint32_t Bending::threads(const Step& step) const {
  return from_push<gpu::BendingPush>(step.push).count;
}

std::vector<ModuleBuffer> Bending::buffers() const {
  return {{"elements", elements_.size() * sizeof(gpu::BendingElement), elements_.data()},
          {"lambdas", elements_.size() * 16, nullptr, true}};
}

// shaders/relax_bending.comp
template <typename Real>
void Bending::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  ParticleState<Real>& state = pass.state;
  const gpu::BendingPush push = from_push<gpu::BendingPush>(step.push);
  const Real dt = pass.params.dt;
  std::vector<Real>& lambdas = state.module_arrays[first_state_array];
  for (uint32_t k = 0; k < push.count; ++k) {
    const gpu::BendingElement& e = elements_[push.first + k];
    Real* stored = &lambdas[4 * size_t{push.first + k}];
    const vec3 total = push.reset_lambda != 0u ? vec3(0) : vec3(stored[0], stored[1], stored[2]);
    vec4 p[4];
    Real w[4];
    for (uint32_t j = 0; j < 4; ++j) {
      p[j] = state.positions[e.particles[static_cast<glm::length_t>(j)]];
      w[j] = p[j].w;
    }
    vec3 c(0);
    const Real alpha = current_compliance(e, w) / (dt * dt);
    Real denominator = alpha;
    for (uint32_t j = 0; j < e.arity; ++j) {
      const Real coefficient = e.coefficients[static_cast<glm::length_t>(j)];
      c += coefficient * (vec3(p[j]) - vec3(p[0]));
      denominator += coefficient * coefficient * p[j].w;
    }
    if (denominator == Real(0)) {
      stored[0] = total.x, stored[1] = total.y, stored[2] = total.z;
      continue;
    }
    const vec3 lambda = -(c + alpha * total) / denominator;
    stored[0] = total.x + lambda.x, stored[1] = total.y + lambda.y, stored[2] = total.z + lambda.z;
    for (uint32_t j = 0; j < e.arity; ++j) {
      const Real coefficient = e.coefficients[static_cast<glm::length_t>(j)];
      const uint32_t i = e.particles[static_cast<glm::length_t>(j)];
      const vec3 move = (p[j].w * coefficient) * lambda;
      state.positions[i] = vec4(vec3(p[j]) + move, p[j].w);
      if (!cpu::integrator_is_verlet(pass.params)) state.velocities[i] += vec4(move / dt, Real(0));
    }
  }
}

template <typename Real>
double Bending::elastic_energy_of(const ParticleState<Real>& state) const {
  double energy = 0.0;
  for (const gpu::BendingElement& e : elements_) {
    glm::dvec3 c(0.0);
    double w[4];
    for (uint32_t j = 0; j < 4; ++j)
      w[j] = state.positions[e.particles[static_cast<glm::length_t>(j)]].w;
    const glm::dvec3 first(state.positions[e.particles[0]]);
    for (uint32_t j = 0; j < e.arity; ++j) {
      c += double{e.coefficients[static_cast<glm::length_t>(j)]} *
           (glm::dvec3(state.positions[e.particles[static_cast<glm::length_t>(j)]]) - first);
    }
    energy += 0.5 * glm::dot(c, c) / current_compliance(e, w);
  }
  return energy;
}

uint64_t Bending::bytes(const Step& step, const TrafficContext& context) const {
  // Read the element and its particles' x (a three-node element's fourth is its first); write its
  // multiplier (and read it but on the sweep that restarts it); write the x of every particle of
  // the element, a pinned one unmoved (Euler: also read and write their v).
  const gpu::BendingPush push = from_push<gpu::BendingPush>(step.push);
  const uint64_t per_particle = context.integrator == WEFT_INTEGRATOR_VERLET ? 2 * 16 : 4 * 16;
  uint64_t bytes = 0;
  for (uint32_t k = push.first; k < push.first + push.count; ++k) {
    bytes += sizeof(gpu::BendingElement) + (push.reset_lambda != 0u ? 16 : 32);
    bytes += elements_[k].arity * per_particle;
  }
  return bytes;
}

std::vector<uint32_t> Bending::apply_edit(const Model& model, const SolverPaths& paths,
                                          EditScope scope) {
  if (scope == EditScope::parameters) {  // new substeps: as many passes as they need
    repeats_ = hinge_repeats(model, model.bending);
    return {};
  }
  const std::vector<BendingElement>& edited = paths.bending();
  if (edited.size() != elements_.size()) {
    throw ModelError("a live edit cannot change the number of bending elements (" +
                     std::to_string(elements_.size()) + " running, " +
                     std::to_string(edited.size()) + " edited); rebuild the simulation instead");
  }
  pack(model, edited);
  return {0};
}

}  // namespace weft
