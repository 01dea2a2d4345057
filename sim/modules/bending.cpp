#include "sim/modules/bending.h"

#include <cstddef>

#include "sim/cpu_forces.h"
#include "sim/link_state.h"
#include "sim/model.h"
#include "sim/model_error.h"
#include "sim/solver_paths.h"

namespace weft {

static_assert(sizeof(gpu::BendingElement) == 48);
static_assert(offsetof(gpu::BendingElement, coefficients) == 16);
static_assert(offsetof(gpu::BendingElement, compliance) == 32);
static_assert(offsetof(gpu::BendingElement, arity) == 36);
static_assert(sizeof(gpu::BendingPush) == 16);

namespace {

const PassInfo kRelax{"bending", "relax_bending.comp"};

uint32_t arity_of(const BendingElement& e) {
  return e.coefficients[3] == 0.0f ? 3u : 4u;
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
    // Three nodes along a row or column of a cloth that can tear: the bend link from the first to
    // the last spans both of the element's links.
    packed.tear_bits =
        packed.arity == 3 ? link_tear_bits(model, e.particles[0], e.particles[2]) : 0;
    elements_.push_back(packed);
  }
}

std::vector<const PassInfo*> Bending::passes() const {
  return {&kRelax};
}

void Bending::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t sweep,
                       std::vector<Step>& steps) const {
  // Once per substep: one exact step of a linear, soft element is its whole projection.
  if (stage != Stage::project || sweep != 0) return;
  for (uint32_t c = 0; c + 1 < offsets_.size(); ++c) {
    Step step = make_step(*this, kRelax, substep, sweep, c);
    gpu::BendingPush push{};
    push.first = offsets_[c];
    push.count = offsets_[c + 1] - offsets_[c];
    step.push = to_push(push);
    steps.push_back(std::move(step));
  }
}

std::string Bending::label(const Step& step) const {
  return "bending (colour " + std::to_string(step.part) + ")";
}

uint32_t Bending::threads(const Step& step) const {
  return from_push<gpu::BendingPush>(step.push).count;
}

std::vector<ModuleBuffer> Bending::buffers() const {
  return {{"elements", elements_.size() * sizeof(gpu::BendingElement), elements_.data()}};
}

// shaders/relax_bending.comp
template <typename Real>
void Bending::relax(const Step& step, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  ParticleState<Real>& state = pass.state;
  const gpu::BendingPush push = from_push<gpu::BendingPush>(step.push);
  const Real dt = pass.params.dt;
  for (uint32_t k = 0; k < push.count; ++k) {
    const gpu::BendingElement& e = elements_[push.first + k];
    if (e.tear_bits != 0u && (state.link_state[e.particles[0]] & e.tear_bits) != 0u) continue;
    vec4 p[4];
    vec3 c(0);
    Real denominator = Real(e.compliance) / (dt * dt);
    for (uint32_t j = 0; j < e.arity; ++j) {
      const Real coefficient = e.coefficients[static_cast<glm::length_t>(j)];
      p[j] = state.positions[e.particles[static_cast<glm::length_t>(j)]];
      c += coefficient * vec3(p[j]);
      denominator += coefficient * coefficient * p[j].w;
    }
    if (denominator == Real(0)) continue;
    const vec3 lambda = -c / denominator;
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
double Bending::energy(const ParticleState<Real>& state) const {
  double energy = 0.0;
  for (const gpu::BendingElement& e : elements_) {
    if (e.tear_bits != 0u && (state.link_state[e.particles[0]] & e.tear_bits) != 0u) continue;
    glm::dvec3 c(0.0);
    for (uint32_t j = 0; j < e.arity; ++j) {
      c += double{e.coefficients[static_cast<glm::length_t>(j)]} *
           glm::dvec3(state.positions[e.particles[static_cast<glm::length_t>(j)]]);
    }
    energy += 0.5 * glm::dot(c, c) / e.compliance;
  }
  return energy;
}

uint64_t Bending::bytes(const Step& step, const TrafficContext& context) const {
  // Read the element and its particles' x; write the x of those that move (Euler: also read and
  // write their v).
  const gpu::BendingPush push = from_push<gpu::BendingPush>(step.push);
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  uint64_t bytes = 0;
  for (uint32_t k = push.first; k < push.first + push.count; ++k) {
    const gpu::BendingElement& e = elements_[k];
    bytes += sizeof(gpu::BendingElement) + (e.tear_bits != 0 ? 4 : 0);  // and its link state
    for (uint32_t j = 0; j < e.arity; ++j) {
      bytes += 16;
      if (!context.pinned(e.particles[static_cast<glm::length_t>(j)])) bytes += verlet ? 16 : 48;
    }
  }
  return bytes;
}

std::vector<uint32_t> Bending::apply_edit(const Model& model, const SolverPaths& paths,
                                          EditScope scope) {
  if (scope != EditScope::materials) return {};
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
