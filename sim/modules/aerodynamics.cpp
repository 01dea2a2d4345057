#include "sim/modules/aerodynamics.h"

#include <cmath>
#include <cstddef>
#include <numbers>

#include <glm/geometric.hpp>

#include "sim/core/cpu_forces.h"
#include "sim/model/model_error.h"
#include "sim/model/triangle_corners.h"
#include "sim/model/link_state.h"
#include "sim/modules/tearing.h"

namespace weft {

static_assert(sizeof(gpu::GustWave) == 32);
static_assert(sizeof(gpu::AirParams) == 32 + WEFT_GUST_WAVES * 32);
static_assert(offsetof(gpu::AirParams, waves) == 32);
static_assert(sizeof(gpu::AerodynamicsPush) == 16);

namespace {

const PassInfo kAir{"aerodynamics", "aerodynamics.comp"};

// The gusts' waves: two per axis of the wind, each with its own direction of travel, a rate and
// a wavelength as multiples of the gusts' frequency and scale (ratios of irrational numbers, so
// the sum never repeats), and a phase of its own.
struct WaveShape {
  uint32_t axis;
  glm::vec3 direction;
  double rate;        // times the gusts' frequency
  double wavelength;  // times the gusts' scale
  double phase;       // rad
};
constexpr WaveShape kWaves[WEFT_GUST_WAVES] = {
    {0, {0.8f, 0.0f, 0.6f}, 1.0, 1.0, 0.0},
    {0, {-0.28f, 0.0f, 0.96f}, 1.6180340, 0.6180340, 1.3},
    {1, {0.6f, 0.8f, 0.0f}, 0.7071068, 1.4142136, 2.1},
    {1, {0.0f, 0.6f, -0.8f}, 1.3247180, 0.7548777, 4.4},
    {2, {0.96f, 0.0f, 0.28f}, 0.8660254, 1.1547005, 0.7},
    {2, {0.0f, -0.8f, 0.6f}, 1.4655712, 0.6823278, 3.6},
};

}  // namespace

Aerodynamics::Aerodynamics(const ModuleContext& context) : on_(context.model.environment.air.on()) {
  if (!on_) return;
  const CornerAdjacency adjacency =
      build_corner_adjacency(context.model.particle_count(), context.model.triangles);
  offsets_.push_back(0);
  for (uint32_t i = 0; i < context.model.particle_count(); ++i) {
    if (adjacency.offsets[i + 1] == adjacency.offsets[i]) continue;
    particles_.push_back(i);
    corners_.insert(corners_.end(), adjacency.corners.begin() + adjacency.offsets[i],
                    adjacency.corners.begin() + adjacency.offsets[i + 1]);
    offsets_.push_back(static_cast<uint32_t>(corners_.size()));
  }
  // A cloth that tears: per corner, the links whose tearing leaves its triangle out of the air.
  if (!tearable_grids(context.model).empty()) {
    const std::vector<uint32_t> bits = corner_tear_bits(context.model, adjacency);
    for (uint32_t i = 0; i < context.model.particle_count(); ++i) {
      tears_.insert(tears_.end(), bits.begin() + adjacency.offsets[i],
                    bits.begin() + adjacency.offsets[i + 1]);
    }
  }
  origin_ = context.model.origin;
  set_air(context.model.environment.air, 0.0);
  dirty_ = false;
}

void Aerodynamics::set_air(const Air& settings, double start) {
  settings_ = settings;
  start_ = start;
  const double two_pi = 2.0 * std::numbers::pi;
  air_.gust_amplitude = glm::vec4(settings.gusts.amplitude, 0.0f);
  air_.drag = 0.5f * settings.density * settings.drag_coefficient;
  air_.lift = 0.5f * settings.density * settings.lift_coefficient;
  for (int k = 0; k < WEFT_GUST_WAVES; ++k) {
    const WaveShape& shape = kWaves[k];
    const double wavenumber = two_pi / (shape.wavelength * settings.gusts.scale);  // rad/m
    const double angular = two_pi * shape.rate * settings.gusts.frequency;         // rad/s
    gpu::GustWave& wave = air_.waves[k];
    const glm::dvec3 vector = glm::normalize(glm::dvec3(shape.direction)) * wavenumber;
    // The shader takes positions in the model's frame; the waves stand still in the world.
    const double phase = angular * start + shape.phase + glm::dot(vector, origin_);
    wave.wave_vector = glm::vec4(glm::vec3(vector), static_cast<float>(std::fmod(phase, two_pi)));
    wave.angular_frequency = static_cast<float>(angular);
    wave.axis = shape.axis;
  }
  dirty_ = true;
}

std::vector<const PassInfo*> Aerodynamics::passes() const {
  return {&kAir};
}

void Aerodynamics::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                            std::vector<Step>& steps) const {
  if (stage != Stage::forces) return;
  Step step = make_step(*this, kAir, substep);
  gpu::AerodynamicsPush push{};
  push.thread_count = static_cast<uint32_t>(particles_.size());
  push.substep = substep;
  push.tears = tears_.empty() ? 0u : 1u;
  step.push = to_push(push);
  steps.push_back(std::move(step));
}

void Aerodynamics::frame_time(double start, double) {
  start_ = start;
  // A steady wind has no phases to move on: nothing to write this frame.
  if (settings_.gusts.amplitude == glm::vec3(0.0f)) return;
  set_air(settings_, start);
}

std::vector<ModuleBuffer> Aerodynamics::buffers() const {
  return {{"particles", particles_.size() * sizeof(uint32_t), particles_.data()},
          {"corner offsets", offsets_.size() * sizeof(uint32_t), offsets_.data()},
          {"corners", corners_.size() * sizeof(gpu::TriangleCorner), corners_.data()},
          {"air", sizeof(gpu::AirParams), &air_},
          {"corner tears", tears_.size() * sizeof(uint32_t), tears_.data()}};
}

void Aerodynamics::take_updates(std::vector<BufferUpdate>& updates) {
  if (!dirty_) return;
  updates.push_back({3, 0, sizeof(gpu::AirParams), &air_});
  dirty_ = false;
}

// shaders/aerodynamics.comp
template <typename Real>
void Aerodynamics::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  const uint32_t substep = from_push<gpu::AerodynamicsPush>(step.push).substep;
  auto wind_at = [&](const vec3& x) {
    vec3 w = vec3(glm::vec3(params.wind));
    for (const gpu::GustWave& wave : air_.waves) {
      const Real phase = glm::dot(vec3(glm::vec3(wave.wave_vector)), x) + Real(wave.wave_vector.w) +
                         Real(float(substep)) * Real(params.dt) * Real(wave.angular_frequency);
      w[wave.axis] += Real(0.5) * Real(air_.gust_amplitude[wave.axis]) * std::sin(phase);
    }
    return w;
  };
  // Each particle gathers its own corners' air and adds it to its own force.
  const auto count = static_cast<uint32_t>(particles_.size());
  pass.for_each(
      count,
      [&](uint32_t t) {
        const uint32_t i = particles_[t];
        const vec4 p = state.positions[i];
        if (p.w == Real(0)) return;
        const vec3 x(p);
        const vec3 v = cpu::velocity_of(params, state, i);
        vec3 f(0);
        for (uint32_t k = offsets_[t]; k < offsets_[t + 1]; ++k) {
          const gpu::TriangleCorner& c = corners_[k];
          if (!tears_.empty() &&
              corner_opened(tears_[k], state.link_state[i], state.link_state[c.next])) {
            continue;
          }
          const vec3 x_next(state.positions[c.next]);
          const vec3 x_prev(state.positions[c.prev]);
          const vec3 area_normal = glm::cross(x_next - x, x_prev - x);
          const Real twice_area = glm::length(area_normal);
          if (twice_area == Real(0)) continue;
          const vec3 n = area_normal / twice_area;
          const vec3 centre = (x + x_next + x_prev) / Real(3);
          const vec3 u = wind_at(centre) - (v + cpu::velocity_of(params, state, c.next) +
                                            cpu::velocity_of(params, state, c.prev)) /
                                               Real(3);
          const Real speed = glm::length(u);
          if (speed == Real(0)) continue;
          const Real normal_speed = glm::dot(u, n);
          const Real facing = std::abs(normal_speed);
          const vec3 downwind = normal_speed < Real(0) ? -n : n;
          const vec3 across = speed * downwind - (facing / speed) * u;
          f += (Real(0.5) * twice_area * facing / Real(3)) *
               (Real(air_.drag) * u + Real(air_.lift) * across);
        }
        state.forces[i] += vec4(f, Real(0));
      },
      64);
}

uint64_t Aerodynamics::bytes(const Step&, const TrafficContext& context) const {
  // The air (once), and per covered particle its index and x; per free one its offsets (shared
  // with the threads either side), its corners (and where a cloth tears their tear bits, and the
  // link states of the corner's particle and the next one that the bits name), its own x and
  // velocity (x_prev for Verlet) and its neighbours', read once each, and its force read and
  // written.
  const size_t particles = context.positions->size();
  std::vector<bool> position(particles, false), velocity(particles, false), state(particles, false);
  std::vector<bool> offset(offsets_.size(), false);
  uint64_t bytes = sizeof(gpu::AirParams);
  for (uint32_t t = 0; t < particles_.size(); ++t) {
    const uint32_t i = particles_[t];
    bytes += 4;
    position[i] = true;
    if (context.pinned(i)) continue;
    offset[t] = offset[t + 1] = true;
    velocity[i] = true;
    bytes += 2 * 16;  // the force
    for (uint32_t k = offsets_[t]; k < offsets_[t + 1]; ++k) {
      bytes += sizeof(gpu::TriangleCorner);
      const gpu::TriangleCorner& c = corners_[k];
      if (!tears_.empty()) {
        bytes += 4;
        if (tears_[k] != 0u) state[i] = state[c.next] = true;
      }
      for (uint32_t j : {c.next, c.prev})
        position[j] = velocity[j] = true;
    }
  }
  // Verlet's velocity is x and x_prev.
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  for (size_t i = 0; i < particles; ++i) {
    bytes += (position[i] || (verlet && velocity[i]) ? 16 : 0) + (velocity[i] ? 16 : 0) +
             (state[i] ? 4 : 0);
  }
  for (bool o : offset)
    bytes += o ? 4 : 0;
  return bytes;
}

std::vector<uint32_t> Aerodynamics::apply_edit(const Model& model, const SolverPaths&,
                                               EditScope scope) {
  if (scope != EditScope::parameters) return {};
  if (model.environment.air.on() != on_) {
    throw ModelError(std::string("a live edit cannot turn the air on triangles ") +
                     (on_ ? "off" : "on") +
                     " (drag_coefficient and lift_coefficient); set it in the scene instead");
  }
  set_air(model.environment.air, start_);
  return {3};
}

template void Aerodynamics::run_cpu(const Step&, CpuPass<float>&) const;
template void Aerodynamics::run_cpu(const Step&, CpuPass<double>&) const;

}  // namespace weft
