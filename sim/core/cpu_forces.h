// The CPU reference of shaders/simulation_bindings.glsl's velocity_of and
// shaders/particle_forces.glsl: the forces both paths' force passes add, with the shaders'
// arithmetic in the shaders' order. Internal to the CPU passes.
#pragma once

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "sim/model/gpu_types.h"
#include "sim/core/particle_state.h"

namespace weft::cpu {

template <typename Real>
using vec3 = glm::vec<3, Real>;
template <typename Real>
using vec4 = glm::vec<4, Real>;

inline bool integrator_is_verlet(const gpu::SimParams& params) {
  return params.integrator == WEFT_INTEGRATOR_VERLET;
}

// Verlet keeps no velocity: it is the last substep's displacement over dt.
template <typename Real>
vec3<Real> velocity_of(const gpu::SimParams& params, const ParticleState<Real>& state, uint32_t i) {
  if (integrator_is_verlet(params)) {
    return (vec3<Real>(state.positions[i]) - vec3<Real>(state.previous[i])) / Real(params.dt);
  }
  return vec3<Real>(state.velocities[i]);
}

// NeHe lesson 40's ground: friction, absorption of downward velocity, repulsion by depth.
template <typename Real>
vec3<Real> ground_force(const gpu::SimParams& params, const vec3<Real>& x, const vec3<Real>& v) {
  const vec4<Real> ground(params.ground);
  if (params.ground_mode != WEFT_GROUND_FORCE || x.y >= ground.x) return vec3<Real>(0);
  vec3<Real> f = -ground.z * vec3<Real>(v.x, Real(0), v.z);
  if (v.y < Real(0)) f.y -= ground.w * v.y;
  f.y += ground.y * (ground.x - x.y);
  return f;
}

// Gravity, air drag towards the wind, the ground.
template <typename Real>
vec3<Real> environment_force(const gpu::SimParams& params, const vec3<Real>& x, const vec3<Real>& v,
                             Real inverse_mass) {
  vec3<Real> f = vec3<Real>(glm::vec3(params.gravity)) / inverse_mass;
  f -= Real(params.air_drag) * (v - vec3<Real>(glm::vec3(params.wind)));
  f += ground_force(params, x, v);
  return f;
}

// Hooke's law plus damping on this end (x, v) of a spring to particle `other`.
template <typename Real>
vec3<Real> spring_force(const gpu::SimParams& params, const ParticleState<Real>& state,
                        const vec3<Real>& x, const vec3<Real>& v, uint32_t other, Real rest_length,
                        Real stiffness, Real damping) {
  const vec3<Real> d = x - vec3<Real>(state.positions[other]);
  const vec3<Real> dv = v - velocity_of(params, state, other);
  const Real len = glm::length(d);
  vec3<Real> f(0);
  if (len > Real(0)) {
    const vec3<Real> e = d / len;
    f = -stiffness * (len - rest_length) * e;
    if (params.spring_damping == WEFT_SPRING_DAMPING_AXIAL) f -= damping * glm::dot(dv, e) * e;
  }
  if (params.spring_damping == WEFT_SPRING_DAMPING_RELATIVE) f -= damping * dv;
  return f;
}

}  // namespace weft::cpu
