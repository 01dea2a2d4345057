#include "sim/modules/particle_integration.h"

#include <algorithm>
#include <cmath>

#include "shaders/integration.h"

namespace weft {

namespace {

const PassInfo kExplicitEuler{"explicit Euler update", "integrate.comp"};
const PassInfo kSemiImplicitEuler{"semi-implicit Euler update", "integrate.comp"};
const PassInfo kVerlet{"Verlet update", "integrate.comp"};
const PassInfo kWatch{"blow-up watch: particles", "measure_particles.comp"};

}  // namespace

const PassInfo& ParticleIntegration::integrate_pass(uint32_t integrator) {
  if (integrator == WEFT_INTEGRATOR_VERLET) return kVerlet;
  if (integrator == WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER) return kSemiImplicitEuler;
  return kExplicitEuler;
}

std::vector<const PassInfo*> ParticleIntegration::passes() const {
  return {&kExplicitEuler, &kSemiImplicitEuler, &kVerlet, &kWatch};
}

void ParticleIntegration::schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t,
                                   std::vector<Step>& steps) const {
  if (stage != Stage::integrate || shape.integration_in_lines) return;
  Step step = make_step(*this, integrate_pass(shape.integrator), substep);
  gpu::IntegratePush push{};
  push.environment = shape.environment_in_integration ? 1u : 0u;
  step.push = to_push(push);
  steps.push_back(std::move(step));
}

uint32_t ParticleIntegration::threads(const Step&) const {
  return params_.particle_count;
}

void ParticleIntegration::schedule_health(std::vector<Step>& steps) const {
  steps.push_back(make_step(*this, kWatch, 0));
}

// shaders/integration.glsl
template <typename Real>
IntegrationStep<Real> integration_step(const gpu::SimParams& params,
                                       const ParticleState<Real>& state, uint32_t i,
                                       bool environment) {
  using vec3 = cpu::vec3<Real>;
  const cpu::vec4<Real> p = state.positions[i];
  const vec3 x(p);
  const vec3 f = environment
                     ? cpu::environment_force(params, x, cpu::velocity_of(params, state, i), p.w)
                     : vec3(state.forces[i]);
  const vec3 a = f * p.w;
  const Real dt = params.dt;
  if (params.integrator == WEFT_INTEGRATOR_EXPLICIT_EULER) {
    const vec3 v(state.velocities[i]);
    return {x + v * dt, v + a * dt};
  }
  if (params.integrator == WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER) {
    const vec3 v = vec3(state.velocities[i]) + a * dt;
    return {x + v * dt, v};
  }
  // Compensated summation, as the shader: the part of the step that rounding left out of the
  // position waits in velocities[] for the next step.
  const vec3 increment = (Real(1) - Real(params.verlet_damping)) * (x - vec3(state.previous[i])) +
                         a * (dt * dt) + vec3(state.velocities[i]);
  const vec3 next = x + increment;
  return {next, increment - (next - x)};
}

template <typename Real>
void store_integration_step(ParticleState<Real>& state, uint32_t i,
                            const IntegrationStep<Real>& step) {
  using vec4 = cpu::vec4<Real>;
  const vec4 p = state.positions[i];
  state.velocities[i] = vec4(step.velocity, Real(0));
  state.previous[i] = vec4(cpu::vec3<Real>(p), Real(0));
  state.positions[i] = vec4(step.position, p.w);
}

template <typename Real>
void integrate_particles(CpuPass<Real>& pass, bool environment) {
  ParticleState<Real>& state = pass.state;
  pass.for_each(pass.params.particle_count, [&](uint32_t i) {
    if (state.positions[i].w == Real(0)) return;
    store_integration_step(state, i, integration_step(pass.params, state, i, environment));
  });
}

template IntegrationStep<float> integration_step(const gpu::SimParams&, const ParticleState<float>&,
                                                 uint32_t, bool);
template IntegrationStep<double> integration_step(const gpu::SimParams&,
                                                  const ParticleState<double>&, uint32_t, bool);
template void store_integration_step(ParticleState<float>&, uint32_t,
                                     const IntegrationStep<float>&);
template void store_integration_step(ParticleState<double>&, uint32_t,
                                     const IntegrationStep<double>&);
template void integrate_particles(CpuPass<float>&, bool);
template void integrate_particles(CpuPass<double>&, bool);

// shaders/integrate.comp
template <typename Real>
void ParticleIntegration::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  integrate_particles(pass, from_push<gpu::IntegratePush>(step.push).environment != 0u);
}

// shaders/measure_particles.comp
template <typename Real>
void ParticleIntegration::measure_health_of(const ParticleState<Real>& state,
                                            HealthReport& report) const {
  for (uint32_t i = 0; i < params_.particle_count; ++i) {
    const cpu::vec3<Real> x(state.positions[i]);
    if (std::isfinite(x.x) && std::isfinite(x.y) && std::isfinite(x.z)) continue;
    ++report.nonfinite_count;
    report.first_nonfinite = std::min(report.first_nonfinite, i);
  }
}

uint64_t ParticleIntegration::bytes(const Step& step, const TrafficContext& context) const {
  if (step.pass == &kWatch) return uint64_t{params_.particle_count} * 16;
  // Moving: read x, force and v, write x, x_prev and v (under Verlet, v is what rounding owes the
  // step, and x_prev is read too). Pinned: read x. With the environment's force computed here, no
  // force is read.
  const bool environment = from_push<gpu::IntegratePush>(step.push).environment != 0u;
  const uint64_t update =
      ((context.integrator == WEFT_INTEGRATOR_VERLET ? 7 : 6) - (environment ? 1 : 0)) * 16;
  uint64_t bytes = 0;
  for (uint32_t i = 0; i < params_.particle_count; ++i)
    bytes += context.pinned(i) ? 16 : update;
  return bytes;
}

}  // namespace weft
