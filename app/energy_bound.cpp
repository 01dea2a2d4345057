#include "app/energy_bound.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

namespace weft {

namespace {

struct Span {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  void include(double value) {
    low = std::min(low, value);
    high = std::max(high, value);
  }
  double size() const { return high > low ? high - low : 0.0; }
};

}  // namespace

EnergyBound::EnergyBound(const SceneSystem& system, const Energy& initial)
    : initial_(initial.total()) {
  const Model& model = system.model;
  const Environment& environment = model.environment;
  const glm::dvec3 gravity(environment.gravity);
  const double g = glm::length(gravity);
  const glm::dvec3 up = g > 0.0 ? -gravity / g : glm::dvec3(0.0, 1.0, 0.0);

  // Free mass, and the height range a projection could lift it through.
  double mass = 0.0;
  double free_particles = 0.0;
  double ground_energy = 0.0;
  Span heights;
  for (size_t i = 0; i < model.positions.size(); ++i) {
    const glm::dvec3 position(model.positions[i]);
    heights.include(glm::dot(up, position));
    if (model.inverse_masses[i] <= 0.0f) continue;
    const double m = 1.0 / model.inverse_masses[i];
    mass += m;
    free_particles += 1.0;
    const double depth = double{environment.ground.height} - position.y;
    if (environment.ground.mode == GroundMode::force && depth > 0.0) {
      ground_energy += 0.5 * double{environment.ground.repulsion} * depth * depth;
    }
  }
  if (environment.ground.mode != GroundMode::none) {
    heights.include(glm::dot(up, glm::dvec3(0.0, environment.ground.height, 0.0)));
  }
  for (const Sphere& sphere : environment.spheres) {
    const double center = glm::dot(up, glm::dvec3(sphere.center));
    heights.include(center + sphere.radius);
    heights.include(center - sphere.radius);
  }
  scale_ = std::abs(initial.kinetic) + std::abs(initial.elastic) + ground_energy +
           mass * g * heights.size() + 0.5 * mass * 1.0;

  // Anchors, at every velocity they are given.
  double fastest = 0.0;
  double rising = 0.0;
  auto anchor_velocity = [&](const glm::vec3& velocity) {
    const glm::dvec3 v(velocity);
    fastest = std::max(fastest, glm::length(v));
    rising = std::max(rising, glm::dot(up, v));
  };
  for (const Anchor& anchor : model.anchors)
    anchor_velocity(anchor.velocity);
  const double substep =
      double{model.solver.frame_dt} / static_cast<double>(std::max(model.solver.substeps, 1u));
  for (const SceneEvent& event : system.events) {
    if (event.kind == SceneEvent::Kind::anchor_velocity) {
      anchor_velocity(event.value);
    } else if (event.particle < model.inverse_masses.size() &&
               model.inverse_masses[event.particle] > 0.0f) {
      impulses_.push_back({event.frame * double{model.solver.frame_dt},
                           glm::length(glm::dvec3(event.value)) * substep,
                           1.0 / model.inverse_masses[event.particle]});
    }
  }
  std::stable_sort(impulses_.begin(), impulses_.end(),
                   [](const Impulse& a, const Impulse& b) { return a.seconds < b.seconds; });
  fixed_work_ = 2.0 * mass * fastest * fastest;
  const glm::dvec3 wind(environment.wind);
  power_ = mass * g * rising +
           free_particles * double{environment.air_drag} * glm::dot(wind, wind) / 4.0;
  const Air& air = environment.air;
  if (air.on()) {
    double area = 0.0;
    for (const glm::uvec3& t : model.triangles) {
      const glm::dvec3 a(model.positions[t.x]);
      area += 0.5 * glm::length(glm::cross(glm::dvec3(model.positions[t.y]) - a,
                                           glm::dvec3(model.positions[t.z]) - a));
    }
    const double gusty = glm::length(wind) + glm::length(glm::dvec3(air.gusts.amplitude));
    power_ += 0.5 * double{air.density} *
              (double{air.drag_coefficient} + double{air.lift_coefficient}) * area * gusty * gusty *
              gusty;
  }
}

double EnergyBound::limit_at(double seconds) const {
  double budget = scale_ + fixed_work_ + power_ * std::max(seconds, 0.0);
  for (const Impulse& push : impulses_) {
    if (push.seconds > seconds) break;
    const double root = std::sqrt(budget) + push.impulse / std::sqrt(2.0 * push.mass);
    budget = root * root;
  }
  return initial_ + kSafetyFactor * budget;
}

}  // namespace weft
