#include "sim/modules/adjacency_springs.h"

#include <cstddef>
#include <algorithm>

#include "sim/core/cpu_forces.h"
#include "sim/model/model_error.h"
#include "sim/core/solver_paths.h"

namespace weft {

static_assert(sizeof(gpu::SpringRef) == 16);
static_assert(offsetof(gpu::SpringRef, damping) == 12);
static_assert(sizeof(gpu::SpringsPush) == 16);

namespace {

const PassInfo kGather{"force accumulation", "accumulate_forces.comp"};
const PassInfo kWatch{"blow-up watch: springs", "measure_springs.comp"};

// The adjacency of the covered particles, in thread order: springs of particles outside the
// ranges are not listed (the grid modules gather those).
SpringAdjacency adjacency_of(const std::vector<gpu::ParticleRange>& ranges, uint32_t threads,
                             uint32_t particle_count, const std::vector<Spring>& springs) {
  const SpringAdjacency by_particle = build_spring_adjacency(particle_count, springs);
  if (ranges.size() == 1 && ranges[0].first_particle == 0 && threads == particle_count) {
    return by_particle;
  }
  SpringAdjacency adjacency;
  adjacency.offsets.reserve(size_t{threads} + 1);
  adjacency.offsets.push_back(0);
  for (const gpu::ParticleRange& range : ranges) {
    for (uint32_t i = range.first_particle; i < range.first_particle + range.count; ++i) {
      adjacency.refs.insert(adjacency.refs.end(), by_particle.refs.begin() + by_particle.offsets[i],
                            by_particle.refs.begin() + by_particle.offsets[i + 1]);
      adjacency.offsets.push_back(static_cast<uint32_t>(adjacency.refs.size()));
    }
  }
  return adjacency;
}

}  // namespace

AdjacencySprings::AdjacencySprings(const ModuleContext& context)
    : ranges_(context.paths.general_particles()),
      thread_count_(context.paths.general_particle_count()),
      adjacency_(adjacency_of(ranges_, thread_count_, context.model.particle_count(),
                              context.paths.springs())),
      environment_only_(adjacency_.refs.empty() &&
                        thread_count_ == context.model.particle_count()) {}

std::vector<const PassInfo*> AdjacencySprings::passes() const {
  return {&kGather, &kWatch};
}

PushConstants AdjacencySprings::push_constants() const {
  gpu::SpringsPush push{};
  push.thread_count = thread_count_;
  push.range_count = static_cast<uint32_t>(ranges_.size());
  return to_push(push);
}

void AdjacencySprings::schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t,
                                std::vector<Step>& steps) const {
  if (stage != Stage::forces || shape.environment_in_integration) return;
  Step step = make_step(*this, kGather, substep);
  step.push = push_constants();
  steps.push_back(std::move(step));
}

void AdjacencySprings::schedule_health(std::vector<Step>& steps) const {
  Step step = make_step(*this, kWatch, 0);
  step.push = push_constants();
  steps.push_back(std::move(step));
}

std::vector<ModuleBuffer> AdjacencySprings::buffers() const {
  return {
      {"particle ranges", ranges_.size() * sizeof(gpu::ParticleRange), ranges_.data()},
      {"spring offsets", adjacency_.offsets.size() * sizeof(uint32_t), adjacency_.offsets.data()},
      {"spring refs", adjacency_.refs.size() * sizeof(gpu::SpringRef), adjacency_.refs.data()},
  };
}

uint32_t AdjacencySprings::particle_of_thread(uint32_t t) const {
  auto range = std::upper_bound(
      ranges_.begin(), ranges_.end(), t,
      [](uint32_t thread, const gpu::ParticleRange& r) { return thread < r.first_thread; });
  --range;
  return range->first_particle + (t - range->first_thread);
}

// shaders/accumulate_forces.comp
template <typename Real>
void AdjacencySprings::run_cpu(const Step& /*step*/, CpuPass<Real>& pass) const {
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  for (uint32_t t = 0; t < thread_count_; ++t) {
    const uint32_t i = particle_of_thread(t);
    const cpu::vec4<Real> p = state.positions[i];
    if (p.w == Real(0)) {
      state.forces[i] = cpu::vec4<Real>(0);
      continue;
    }
    const cpu::vec3<Real> x(p);
    const cpu::vec3<Real> v = cpu::velocity_of(params, state, i);
    cpu::vec3<Real> f = cpu::environment_force(params, x, v, p.w);
    for (uint32_t k = adjacency_.offsets[t]; k < adjacency_.offsets[t + 1]; ++k) {
      const gpu::SpringRef& s = adjacency_.refs[k];
      f += cpu::spring_force(params, state, x, v, s.other, Real(s.rest_length), Real(s.stiffness),
                             Real(s.damping));
    }
    state.forces[i] = cpu::vec4<Real>(f, Real(0));
  }
}

// shaders/measure_springs.comp
template <typename Real>
void AdjacencySprings::measure_health_of(const ParticleState<Real>& state,
                                         HealthReport& report) const {
  Real worst(report.largest_stretch);
  for (uint32_t t = 0; t < thread_count_; ++t) {
    const cpu::vec3<Real> x(state.positions[particle_of_thread(t)]);
    for (uint32_t k = adjacency_.offsets[t]; k < adjacency_.offsets[t + 1]; ++k) {
      const gpu::SpringRef& s = adjacency_.refs[k];
      const Real rest(s.rest_length);
      const Real e =
          rest > Real(0)
              ? (glm::length(x - cpu::vec3<Real>(state.positions[s.other])) - rest) / rest
              : Real(0);
      if (e > worst) worst = e;
    }
  }
  report.largest_stretch = static_cast<float>(worst);
}

template <typename Real>
double AdjacencySprings::elastic_energy_of(const ParticleState<Real>& state) const {
  using dvec3 = glm::dvec3;
  double energy = 0.0;
  for (uint32_t t = 0; t < thread_count_; ++t) {
    const dvec3 x(state.positions[particle_of_thread(t)]);
    for (uint32_t k = adjacency_.offsets[t]; k < adjacency_.offsets[t + 1]; ++k) {
      const gpu::SpringRef& s = adjacency_.refs[k];
      const double stretch = glm::length(x - dvec3(state.positions[s.other])) - s.rest_length;
      energy += 0.25 * s.stiffness * stretch * stretch;  // each spring is seen from both ends
    }
  }
  return energy;
}

uint64_t AdjacencySprings::bytes(const Step& step, const TrafficContext& context) const {
  // Every covered particle reads x and writes its force (zero when pinned); moving ones also
  // read their offsets (shared with the next thread), their refs, and their own and each
  // neighbour's velocity (x_prev for Verlet), whose x is already counted as read.
  const uint64_t n = context.positions->size();
  std::vector<bool> velocity_read(n, false);
  uint64_t offsets_read = 0;
  uint64_t refs_read = 0;
  for (uint32_t t = 0; t < thread_count_; ++t) {
    const uint32_t i = particle_of_thread(t);
    if (context.pinned(i)) continue;
    // Offset t + 1 is also thread t + 1's first: count it once.
    offsets_read += (t == 0 || context.pinned(particle_of_thread(t - 1))) ? 2 : 1;
    velocity_read[i] = true;
    for (uint32_t k = adjacency_.offsets[t]; k < adjacency_.offsets[t + 1]; ++k) {
      velocity_read[adjacency_.refs[k].other] = true;
      ++refs_read;
    }
  }
  const uint64_t velocities =
      static_cast<uint64_t>(std::count(velocity_read.begin(), velocity_read.end(), true));
  (void)step;
  return uint64_t{thread_count_} * 2 * 16 + velocities * 16 + offsets_read * 4 +
         refs_read * sizeof(gpu::SpringRef) + ranges_.size() * sizeof(gpu::ParticleRange);
}

std::vector<uint32_t> AdjacencySprings::apply_edit(const Model& model, const SolverPaths& paths,
                                                   EditScope scope) {
  if (scope != EditScope::materials) return {};
  SpringAdjacency edited =
      adjacency_of(ranges_, thread_count_, model.particle_count(), paths.springs());
  if (edited.refs.size() != adjacency_.refs.size() ||
      paths.general_particle_count() != thread_count_) {
    throw ModelError("a live edit cannot change the number of springs (" +
                     std::to_string(adjacency_.refs.size() / 2) + " running, " +
                     std::to_string(edited.refs.size() / 2) +
                     " edited); rebuild the simulation instead");
  }
  adjacency_ = std::move(edited);
  return {1, 2};
}

}  // namespace weft
