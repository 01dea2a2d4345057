#include "sim/cpu_grid_passes.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "sim/grid_layout.h"

namespace weft::cpu {

namespace {

template <typename Real>
using vec3 = glm::vec<3, Real>;
template <typename Real>
using vec4 = glm::vec<4, Real>;

// shaders/grid_directions.glsl: grid_rest_length
float grid_rest_length(const gpu::GridParams& grid, uint32_t slot) {
  return slot < 4 ? grid.rest_lengths[static_cast<glm::length_t>(slot)]
                  : grid.bend_rest_lengths[static_cast<glm::length_t>(slot - 4)];
}

uint32_t kind_bit(const GridDirection& d) {
  return 1u << static_cast<uint32_t>(d.kind);
}
glm::length_t kind_index(const GridDirection& d) {
  return static_cast<glm::length_t>(d.kind);
}

// shaders/grid_directions.glsl: grid_neighbour
bool grid_neighbour(const gpu::GridParams& grid, uint32_t column, uint32_t row,
                    const GridDirection& d, uint32_t& neighbour) {
  const int c = static_cast<int>(column) + d.column_offset;
  const int r = static_cast<int>(row) + d.row_offset;
  neighbour = static_cast<uint32_t>(r) * grid.columns + static_cast<uint32_t>(c);
  return c >= 0 && c < static_cast<int>(grid.columns) && r >= 0 && r < static_cast<int>(grid.rows);
}

template <typename Real>
vec3<Real> velocity_of(const gpu::SimParams& params, const ParticleState<Real>& state, uint32_t i) {
  if (params.integrator == WEFT_INTEGRATOR_VERLET) {
    return (vec3<Real>(state.positions[i]) - vec3<Real>(state.previous[i])) / Real(params.dt);
  }
  return vec3<Real>(state.velocities[i]);
}

template <typename Real>
vec3<Real> ground_force(const gpu::SimParams& params, const vec3<Real>& x, const vec3<Real>& v) {
  const vec4<Real> ground(params.ground);
  if (params.ground_mode != WEFT_GROUND_FORCE || x.y >= ground.x) return vec3<Real>(0);
  vec3<Real> f = -ground.z * vec3<Real>(v.x, Real(0), v.z);
  if (v.y < Real(0)) f.y -= ground.w * v.y;
  f.y += ground.y * (ground.x - x.y);
  return f;
}

}  // namespace

template <typename Real>
void grid_accumulate_forces(const gpu::SimParams& params, const gpu::GridParams& grid,
                            ParticleState<Real>& state) {
  for (uint32_t i = 0; i < params.particle_count; ++i) {
    const vec4<Real> p = state.positions[i];
    if (p.w == Real(0)) {
      state.forces[i] = vec4<Real>(0);
      continue;
    }
    const vec3<Real> x(p);
    const vec3<Real> v = velocity_of(params, state, i);
    vec3<Real> f = vec3<Real>(glm::vec3(params.gravity)) / p.w;
    f -= Real(params.air_drag) * (v - vec3<Real>(glm::vec3(params.wind)));
    f += ground_force(params, x, v);
    const uint32_t column = i % grid.columns;
    const uint32_t row = i / grid.columns;
    for (const GridDirection& d : kGridDirections) {
      uint32_t j = 0;
      if ((grid.spring_kinds & kind_bit(d)) == 0 || !grid_neighbour(grid, column, row, d, j))
        continue;
      const Real stiffness = grid.stiffness[kind_index(d)];
      const Real damping = grid.damping[kind_index(d)];
      const Real rest = grid_rest_length(grid, d.slot);
      const vec3<Real> delta = x - vec3<Real>(state.positions[j]);
      const vec3<Real> dv = v - velocity_of(params, state, j);
      const Real len = glm::length(delta);
      vec3<Real> spring(0);
      if (len > Real(0)) {
        const vec3<Real> e = delta / len;
        spring = -stiffness * (len - rest) * e;
        if (params.spring_damping == WEFT_SPRING_DAMPING_AXIAL)
          spring -= damping * glm::dot(dv, e) * e;
      }
      if (params.spring_damping == WEFT_SPRING_DAMPING_RELATIVE) spring -= damping * dv;
      f += spring;
    }
    state.forces[i] = vec4<Real>(f, Real(0));
  }
}

template <typename Real>
void relax_grid_jacobi(const gpu::SimParams& params, const gpu::GridParams& grid, bool reset_lambda,
                       ParticleState<Real>& state) {
  const Real dt = params.dt;
  const bool uses_lambdas = grid.uses_lambdas != 0;
  std::vector<vec4<Real>> relaxed(state.positions.size());
  std::vector<Real> lambdas = state.lambdas;
  auto source_lambda = [&](uint32_t slot) {
    return reset_lambda || !uses_lambdas ? Real(0) : state.lambdas[slot];
  };
  for (uint32_t i = 0; i < params.particle_count; ++i) {
    const vec4<Real> p = state.positions[i];
    const uint32_t column = i % grid.columns;
    const uint32_t row = i / grid.columns;
    vec3<Real> correction(0);
    for (const GridDirection& d : kGridDirections) {
      uint32_t j = 0;
      if ((grid.constraint_kinds & kind_bit(d)) == 0 || !grid_neighbour(grid, column, row, d, j)) {
        continue;
      }
      const uint32_t owner = d.forward ? i : j;
      const vec4<Real> po = d.forward ? p : state.positions[j];
      const vec4<Real> pt = d.forward ? state.positions[j] : p;
      const uint32_t slot = owner * WEFT_GRID_LAMBDAS_PER_PARTICLE + d.slot;
      const Real lambda = source_lambda(slot);
      const Real w = po.w + pt.w;
      const vec3<Real> delta = vec3<Real>(po) - vec3<Real>(pt);
      const Real len = glm::length(delta);
      if (w == Real(0) || len == Real(0)) {
        if (d.forward && uses_lambdas) lambdas[slot] = lambda;
        continue;
      }
      const Real alpha = Real(grid.compliance[kind_index(d)]) / (dt * dt);
      const vec3<Real> n = delta / len;
      const Real delta_lambda = Real(grid.jacobi_scale) *
                                (-(len - Real(grid_rest_length(grid, d.slot))) - alpha * lambda) /
                                (w + alpha);
      if (d.forward && uses_lambdas) lambdas[slot] = lambda + delta_lambda;
      correction += d.forward ? (p.w * delta_lambda) * n : (-p.w * delta_lambda) * n;
    }
    relaxed[i] = vec4<Real>(vec3<Real>(p) + correction, p.w);
    if (params.integrator != WEFT_INTEGRATOR_VERLET) {
      state.velocities[i] += vec4<Real>(correction / dt, Real(0));
    }
  }
  state.positions = std::move(relaxed);
  state.lambdas = std::move(lambdas);
}

template <typename Real>
HealthReport measure_grid_health(const gpu::SimParams& params, const gpu::GridParams& grid,
                                 const ParticleState<Real>& state) {
  HealthReport report;
  Real worst(0);
  const uint32_t linked = grid.spring_kinds | grid.constraint_kinds;
  for (uint32_t i = 0; i < params.particle_count; ++i) {
    const vec3<Real> x(state.positions[i]);
    if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z)) {
      ++report.nonfinite_count;
      report.first_nonfinite = std::min(report.first_nonfinite, i);
      continue;
    }
    const uint32_t column = i % grid.columns;
    const uint32_t row = i / grid.columns;
    for (const GridDirection& d : kGridDirections) {
      uint32_t j = 0;
      if (!d.forward || (linked & kind_bit(d)) == 0 || !grid_neighbour(grid, column, row, d, j)) {
        continue;
      }
      const Real rest = grid_rest_length(grid, d.slot);
      const Real e = (glm::length(x - vec3<Real>(state.positions[j])) - rest) / rest;
      if (e > worst) worst = e;
    }
  }
  report.max_stretch = static_cast<float>(worst);
  return report;
}

template void grid_accumulate_forces(const gpu::SimParams&, const gpu::GridParams&,
                                     ParticleState<float>&);
template void grid_accumulate_forces(const gpu::SimParams&, const gpu::GridParams&,
                                     ParticleState<double>&);
template void relax_grid_jacobi(const gpu::SimParams&, const gpu::GridParams&, bool,
                                ParticleState<float>&);
template void relax_grid_jacobi(const gpu::SimParams&, const gpu::GridParams&, bool,
                                ParticleState<double>&);
template HealthReport measure_grid_health(const gpu::SimParams&, const gpu::GridParams&,
                                          const ParticleState<float>&);
template HealthReport measure_grid_health(const gpu::SimParams&, const gpu::GridParams&,
                                          const ParticleState<double>&);

}  // namespace weft::cpu
