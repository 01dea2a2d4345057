#include "sim/cpu_passes.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "sim/cpu_forces.h"

namespace weft::cpu {

namespace {

template <typename Real>
vec3<Real> xyz(const glm::vec4& v) {
  return vec3<Real>(v);
}

// shaders/measure_health.comp: stretch
template <typename Real>
Real stretch(const vec3<Real>& a, const vec3<Real>& b, Real rest) {
  return rest > Real(0) ? (glm::length(a - b) - rest) / rest : Real(0);
}

}  // namespace

template <typename Real>
void accumulate_forces(const gpu::SimParams& params, const SpringAdjacency& springs,
                       ParticleState<Real>& state) {
  for (uint32_t i = 0; i < params.particle_count; ++i) {
    const vec4<Real> p = state.positions[i];
    if (p.w == Real(0)) {
      state.forces[i] = vec4<Real>(0);
      continue;
    }
    const vec3<Real> x(p);
    const vec3<Real> v = velocity_of(params, state, i);
    vec3<Real> f = environment_force(params, x, v, p.w);
    const uint32_t end = springs.offsets[i + 1];
    for (uint32_t k = springs.offsets[i]; k < end; ++k) {
      const gpu::SpringRef& s = springs.refs[k];
      f += spring_force(params, state, x, v, s.other, Real(s.rest_length), Real(s.stiffness),
                        Real(s.damping));
    }
    state.forces[i] = vec4<Real>(f, Real(0));
  }
}

template <typename Real>
void apply_external_forces(const gpu::SimParams& params, std::span<const gpu::ExternalForce> forces,
                           ParticleState<Real>& state) {
  for (uint32_t k = 0; k < params.external_force_count; ++k) {
    const gpu::ExternalForce& e = forces[k];
    state.forces[e.particle] += vec4<Real>(xyz<Real>(e.force), Real(0));
  }
}

template <typename Real>
void integrate(const gpu::SimParams& params, ParticleState<Real>& state) {
  const Real dt = params.dt;
  for (uint32_t i = 0; i < params.particle_count; ++i) {
    const vec4<Real> p = state.positions[i];
    if (p.w == Real(0)) continue;
    const vec3<Real> x(p);
    const vec3<Real> a = vec3<Real>(state.forces[i]) * p.w;
    vec3<Real> next;
    if (params.integrator == WEFT_INTEGRATOR_EXPLICIT_EULER) {
      const vec3<Real> v(state.velocities[i]);
      next = x + v * dt;
      state.velocities[i] = vec4<Real>(v + a * dt, Real(0));
    } else if (params.integrator == WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER) {
      const vec3<Real> v = vec3<Real>(state.velocities[i]) + a * dt;
      next = x + v * dt;
      state.velocities[i] = vec4<Real>(v, Real(0));
    } else {
      next = x + (Real(1) - Real(params.verlet_damping)) * (x - vec3<Real>(state.previous[i])) +
             a * (dt * dt);
    }
    state.previous[i] = vec4<Real>(x, Real(0));
    state.positions[i] = vec4<Real>(next, p.w);
  }
}

template <typename Real>
void drive_anchors(const gpu::SimParams& params, std::span<const gpu::Anchor> anchors,
                   ParticleState<Real>& state) {
  for (uint32_t k = 0; k < params.anchor_count; ++k) {
    const gpu::Anchor& anchor = anchors[k];
    const uint32_t i = anchor.particle;
    const vec4<Real> p = state.positions[i];
    const Real dt = params.dt;
    const bool targeted = anchor.mode == WEFT_ANCHOR_TARGET;
    vec3<Real> next;
    if (targeted) {
      next = vec3<Real>(p) +
             (xyz<Real>(anchor.target) - vec3<Real>(p)) * (dt / (dt + Real(anchor.target.w)));
    } else {
      next = vec3<Real>(p) + xyz<Real>(anchor.velocity) * dt;
    }
    if (anchor.keep_above_ground != 0u && params.ground_mode != WEFT_GROUND_NONE) {
      next.y = std::max(next.y, Real(params.ground.x));
    }
    const vec3<Real> velocity = targeted ? (next - vec3<Real>(p)) / dt : xyz<Real>(anchor.velocity);
    state.previous[i] = vec4<Real>(vec3<Real>(p), Real(0));
    state.positions[i] = vec4<Real>(next, p.w);
    state.velocities[i] = vec4<Real>(velocity, Real(0));
  }
}

template <typename Real>
void relax_distance(const gpu::SimParams& params,
                    const std::vector<gpu::DistanceConstraint>& constraints,
                    const gpu::RelaxPush& relax, ParticleState<Real>& state) {
  const Real dt = params.dt;
  for (uint32_t k = 0; k < relax.count; ++k) {
    const uint32_t c = relax.first + k;
    const gpu::DistanceConstraint& constraint = constraints[c];
    const vec4<Real> pa = state.positions[constraint.a];
    const vec4<Real> pb = state.positions[constraint.b];
    const Real lambda = relax.reset_lambda != 0u ? Real(0) : state.lambdas[c];
    const Real w = pa.w + pb.w;
    const vec3<Real> d = vec3<Real>(pa) - vec3<Real>(pb);
    const Real len = glm::length(d);
    if (w == Real(0) || len == Real(0)) {
      state.lambdas[c] = lambda;
      continue;
    }
    const Real alpha = Real(constraint.compliance) / (dt * dt);
    const vec3<Real> n = d / len;
    const Real delta_lambda =
        (-(len - Real(constraint.rest_length)) - alpha * lambda) / (w + alpha);
    state.lambdas[c] = lambda + delta_lambda;
    const vec3<Real> move_a = (pa.w * delta_lambda) * n;
    const vec3<Real> move_b = (-pb.w * delta_lambda) * n;
    state.positions[constraint.a] = vec4<Real>(vec3<Real>(pa) + move_a, pa.w);
    state.positions[constraint.b] = vec4<Real>(vec3<Real>(pb) + move_b, pb.w);
    if (!integrator_is_verlet(params)) {
      state.velocities[constraint.a] += vec4<Real>(move_a / dt, Real(0));
      state.velocities[constraint.b] += vec4<Real>(move_b / dt, Real(0));
    }
  }
}

template <typename Real>
void collide(const gpu::SimParams& params, std::span<const glm::vec4> spheres,
             ParticleState<Real>& state) {
  for (uint32_t i = 0; i < params.particle_count; ++i) {
    const vec4<Real> p = state.positions[i];
    if (p.w == Real(0)) continue;
    vec3<Real> x(p);
    bool touched = false;
    vec3<Real> normal(0, 1, 0);
    if (params.ground_mode == WEFT_GROUND_PROJECTION && x.y < Real(params.ground.x)) {
      x.y = params.ground.x;
      touched = true;
    }
    for (uint32_t s = 0; s < params.sphere_count; ++s) {
      const vec4<Real> sphere(spheres[s]);
      const vec3<Real> d = x - vec3<Real>(sphere);
      const Real dist = glm::length(d);
      if (dist < sphere.w) {
        normal = dist > Real(0) ? d / dist : vec3<Real>(0, 1, 0);
        x = vec3<Real>(sphere) + normal * sphere.w;
        touched = true;
      }
    }
    if (!touched) continue;
    const vec3<Real> moved = x - vec3<Real>(state.previous[i]);
    const vec3<Real> tangential = moved - glm::dot(moved, normal) * normal;
    x -= Real(params.contact_friction) * tangential;
    state.positions[i] = vec4<Real>(x, p.w);
    if (!integrator_is_verlet(params)) {
      state.velocities[i] += vec4<Real>((x - vec3<Real>(p)) / Real(params.dt), Real(0));
    }
  }
}

template <typename Real>
HealthReport measure_health(const gpu::SimParams& params, const SpringAdjacency& springs,
                            const std::vector<gpu::DistanceConstraint>& constraints,
                            const ParticleState<Real>& state) {
  HealthReport report;
  Real worst(0);
  for (uint32_t i = 0; i < params.particle_count; ++i) {
    const vec3<Real> x(state.positions[i]);
    if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z)) {
      ++report.nonfinite_count;
      report.first_nonfinite = std::min(report.first_nonfinite, i);
      continue;
    }
    for (uint32_t k = springs.offsets[i]; k < springs.offsets[i + 1]; ++k) {
      const gpu::SpringRef& s = springs.refs[k];
      const Real e = stretch(x, vec3<Real>(state.positions[s.other]), Real(s.rest_length));
      if (e > worst) worst = e;
    }
  }
  for (uint32_t c = 0; c < params.constraint_count; ++c) {
    const gpu::DistanceConstraint& constraint = constraints[c];
    const Real e = stretch(vec3<Real>(state.positions[constraint.a]),
                           vec3<Real>(state.positions[constraint.b]), Real(constraint.rest_length));
    if (e > worst) worst = e;
  }
  report.max_stretch = static_cast<float>(worst);
  return report;
}

#define WEFT_INSTANTIATE_CPU_PASSES(Real)                                                          \
  template void accumulate_forces(const gpu::SimParams&, const SpringAdjacency&,                   \
                                  ParticleState<Real>&);                                           \
  template void apply_external_forces(const gpu::SimParams&, std::span<const gpu::ExternalForce>,  \
                                      ParticleState<Real>&);                                       \
  template void integrate(const gpu::SimParams&, ParticleState<Real>&);                            \
  template void drive_anchors(const gpu::SimParams&, std::span<const gpu::Anchor>,                 \
                              ParticleState<Real>&);                                               \
  template void relax_distance(const gpu::SimParams&, const std::vector<gpu::DistanceConstraint>&, \
                               const gpu::RelaxPush&, ParticleState<Real>&);                       \
  template void collide(const gpu::SimParams&, std::span<const glm::vec4>, ParticleState<Real>&);  \
  template HealthReport measure_health(const gpu::SimParams&, const SpringAdjacency&,              \
                                       const std::vector<gpu::DistanceConstraint>&,                \
                                       const ParticleState<Real>&);

WEFT_INSTANTIATE_CPU_PASSES(float)
WEFT_INSTANTIATE_CPU_PASSES(double)

}  // namespace weft::cpu
