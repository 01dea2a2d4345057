#include "sim/modules/grid_springs.h"

#include <algorithm>

#include "sim/core/cpu_forces.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"

namespace weft {

namespace {

const PassInfo kGather{"force accumulation (grid)", "grid_accumulate_forces.comp"};
const PassInfo kWatch{"blow-up watch: grid links", "measure_grid_stretch.comp"};

glm::length_t kind_index(const GridDirection& d) {
  return static_cast<glm::length_t>(d.kind);
}

}  // namespace

GridSprings::GridSprings(const ModuleContext& context)
    : grids_(context.model, context.paths),
      environment_only_(grids_.thread_count() == context.model.particle_count() &&
                        std::all_of(grids_.params().begin(), grids_.params().end(),
                                    [](const gpu::GridParams& g) { return g.spring_kinds == 0; })) {
}

std::vector<const PassInfo*> GridSprings::passes() const {
  return {&kGather, &kWatch};
}

PushConstants GridSprings::push_constants() const {
  gpu::GridPush push{};
  push.thread_count = grids_.thread_count();
  push.grid_count = grids_.grid_count();
  return to_push(push);
}

void GridSprings::schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t,
                           std::vector<Step>& steps) const {
  if (stage != Stage::forces || shape.environment_in_integration) return;
  Step step = make_step(*this, kGather, substep);
  step.push = push_constants();
  steps.push_back(std::move(step));
}

void GridSprings::schedule_health(std::vector<Step>& steps) const {
  Step step = make_step(*this, kWatch, 0);
  step.push = push_constants();
  steps.push_back(std::move(step));
}

std::vector<ModuleBuffer> GridSprings::buffers() const {
  return {{"grids", grids_.params().size() * sizeof(gpu::GridParams), grids_.params().data()}};
}

// shaders/grid_accumulate_forces.comp
template <typename Real>
void GridSprings::run_cpu(const Step& /*step*/, CpuPass<Real>& pass) const {
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  pass.for_each(grids_.thread_count(), [&](uint32_t t) {
    const gpu::GridParams& grid = grids_.params()[grids_.grid_of_thread(t)];
    const uint32_t node = t - grid.first_thread;
    const uint32_t i = grid.first_particle + node;
    const cpu::vec4<Real> p = state.positions[i];
    if (p.w == Real(0)) {
      state.forces[i] = cpu::vec4<Real>(0);
      return;
    }
    const cpu::vec3<Real> x(p);
    const cpu::vec3<Real> v = cpu::velocity_of(params, state, i);
    cpu::vec3<Real> f = cpu::environment_force(params, x, v, p.w);
    const uint32_t column = node % grid.columns;
    const uint32_t row = node / grid.columns;
    for (const GridDirection& d : kGridDirections) {
      uint32_t j = 0;
      if ((grid.spring_kinds & grid_kind_bit(d.kind)) == 0 ||
          !GridSet::neighbour(grid, column, row, d, j)) {
        continue;
      }
      const glm::length_t kind = kind_index(d);
      f += cpu::spring_force(params, state, x, v, grid.first_particle + j,
                             Real(grid_rest_length(grid, d.slot)), Real(grid.stiffness[kind]),
                             Real(grid.damping[kind]));
    }
    state.forces[i] = cpu::vec4<Real>(f, Real(0));
  });
}

// shaders/measure_grid_stretch.comp
template <typename Real>
void GridSprings::measure_health_of(const ParticleState<Real>& state, HealthReport& report) const {
  Real worst(report.largest_stretch);
  for (uint32_t t = 0; t < grids_.thread_count(); ++t) {
    const gpu::GridParams& grid = grids_.params()[grids_.grid_of_thread(t)];
    const uint32_t node = t - grid.first_thread;
    const cpu::vec3<Real> x(state.positions[grid.first_particle + node]);
    const uint32_t linked = grid.spring_kinds | grid.constraint_kinds;
    const uint32_t links =
        grid.break_strain > 0.0f ? state.link_state[grid.first_particle + node] : 0u;
    for (uint32_t k = 0; k < kGridDirections.size(); ++k) {
      const GridDirection& d = kGridDirections[k];
      uint32_t j = 0;
      if (!d.forward || (linked & grid_kind_bit(d.kind)) == 0 || link_torn(links, k) ||
          !GridSet::neighbour(grid, node % grid.columns, node / grid.columns, d, j)) {
        continue;
      }
      const Real rest = grid_rest_length(grid, d.slot);
      const Real e =
          (glm::length(x - cpu::vec3<Real>(state.positions[grid.first_particle + j])) - rest) /
          rest;
      if (e > worst) worst = e;
    }
  }
  report.largest_stretch = static_cast<float>(worst);
}

template <typename Real>
double GridSprings::elastic_energy_of(const ParticleState<Real>& state) const {
  double energy = 0.0;
  for (size_t g = 0; g < grids_.layouts().size(); ++g) {
    const GridLayout& layout = grids_.layouts()[g];
    const gpu::GridParams& grid = grids_.params()[g];
    const uint32_t first = layout.first_particle;
    for_each_grid_link(layout, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t slot) {
      const LinkMaterial& m = grid_material(layout, kind);
      if (!has_spring(m.kind)) return;
      const double stretch = glm::length(glm::dvec3(state.positions[first + a]) -
                                         glm::dvec3(state.positions[first + b])) -
                             grid_rest_length(grid, slot);
      energy += 0.5 * m.stiffness * stretch * stretch;
    });
  }
  return energy;
}

uint64_t GridSprings::bytes(const Step&, const TrafficContext& context) const {
  // Every node reads x and writes its force; the velocities (x_prev for Verlet) of moving nodes
  // and of their spring neighbours are read once each. No lists: neighbours by index.
  std::vector<bool> velocity_read(context.positions->size(), false);
  for (size_t g = 0; g < grids_.layouts().size(); ++g) {
    const GridLayout& layout = grids_.layouts()[g];
    const uint32_t first = layout.first_particle;
    for (uint32_t node = 0; node < layout.node_count(); ++node)
      velocity_read[first + node] = !context.pinned(first + node);
    for_each_grid_link(layout, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t) {
      if (!has_spring(grid_material(layout, kind).kind)) return;
      if (!context.pinned(first + a)) velocity_read[first + b] = true;
      if (!context.pinned(first + b)) velocity_read[first + a] = true;
    });
  }
  const uint64_t velocities =
      static_cast<uint64_t>(std::count(velocity_read.begin(), velocity_read.end(), true));
  return uint64_t{grids_.thread_count()} * 2 * 16 + velocities * 16 +
         grids_.params().size() * sizeof(gpu::GridParams);
}

std::vector<uint32_t> GridSprings::apply_edit(const Model& model, const SolverPaths& paths,
                                              EditScope scope) {
  if (scope != EditScope::materials) return {};
  grids_.apply_materials(model, paths);
  return {0};
}

}  // namespace weft
