#include "sim/cpu_grid_passes.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "sim/cpu_forces.h"
#include "sim/grid_layout.h"

namespace weft::cpu {

namespace {

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
    vec3<Real> f = environment_force(params, x, v, p.w);
    const uint32_t column = i % grid.columns;
    const uint32_t row = i / grid.columns;
    for (const GridDirection& d : kGridDirections) {
      uint32_t j = 0;
      if ((grid.spring_kinds & kind_bit(d)) == 0 || !grid_neighbour(grid, column, row, d, j))
        continue;
      const glm::length_t kind = kind_index(d);
      f += spring_force(params, state, x, v, j, Real(grid_rest_length(grid, d.slot)),
                        Real(grid.stiffness[kind]), Real(grid.damping[kind]));
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
    if (!integrator_is_verlet(params)) {
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
