#include "app/run/energy_bound.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "sim/model/collider_path.h"
#include "sim/model/surface_area.h"

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

// How a sphere or collider on a path moves, as the solver sees it: posed at every frame's start
// and end (sim/model/collider_path.h), moving evenly in between.
struct PathMotion {
  double fastest = 0.0;  // m/s: the fastest point of its surface
  double rising = 0.0;   // m/s: the fastest its centre rises
};

PathMotion path_motion(const ColliderPath& path, const ColliderPose& rest, double reach,
                       double frame_dt, const glm::dvec3& up, Span& heights) {
  PathMotion motion;
  if (path.keyframes.empty() || !(frame_dt > 0.0)) return motion;
  const double first = path.keyframes.front().time;
  const double last = path.keyframes.back().time;
  // Every frame of the path, or 100,000 steps along a very long one.
  constexpr double kMaxSamples = 100000.0;
  const double step = std::max(frame_dt, (last - first) / kMaxSamples);
  ColliderPose before = pose_at(path, rest, first - step);
  for (double t = first; t <= last + step; t += step) {
    const ColliderPose now = pose_at(path, rest, t);
    const glm::dvec3 move = glm::dvec3(now.position) - glm::dvec3(before.position);
    const double cosine = std::min(1.0, std::abs(double{glm::dot(before.rotation, now.rotation)}));
    const double turn = 2.0 * std::acos(cosine);  // radians
    motion.fastest = std::max(motion.fastest, (glm::length(move) + turn * reach) / step);
    motion.rising = std::max(motion.rising, glm::dot(up, move) / step);
    const double height = glm::dot(up, glm::dvec3(now.position));
    heights.include(height + reach);
    heights.include(height - reach);
    before = now;
  }
  return motion;
}

// How far the surface of a collider reaches from its centre, m. A plane reaches everything: as
// far as the farthest particle, which is what it can push.
double collider_reach(const Collider& c, const Model& model) {
  switch (c.shape) {
    case ColliderShape::capsule: return double{c.half_length} + c.radius;
    case ColliderShape::box: return glm::length(glm::dvec3(c.half_extents));
    case ColliderShape::mesh: {
      double reach = 0.0;
      for (const glm::vec3& corner : c.triangles)
        reach = std::max(reach, glm::length(glm::dvec3(corner)));
      return reach;
    }
    case ColliderShape::plane: break;
  }
  double reach = 0.0;
  for (const glm::vec3& x : model.positions)
    reach = std::max(reach, glm::distance(glm::dvec3(x), glm::dvec3(c.pose.position)));
  return reach;
}

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
  // Spheres and colliders on paths push the cloth as anchors drag it, and may lift it as high
  // as they go.
  const double frame_dt = model.solver.frame_dt;
  double collider_speed = 0.0;
  double collider_rising = 0.0;
  auto include = [&](const PathMotion& motion) {
    collider_speed = std::max(collider_speed, motion.fastest);
    collider_rising = std::max(collider_rising, motion.rising);
  };
  for (const Sphere& sphere : environment.spheres) {
    include(path_motion(sphere.path, {sphere.center, glm::quat(1.0f, 0.0f, 0.0f, 0.0f)},
                        sphere.radius, frame_dt, up, heights));
  }
  for (const Collider& collider : environment.colliders) {
    include(path_motion(collider.path, collider.pose, collider_reach(collider, model), frame_dt, up,
                        heights));
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
  fastest = std::max(fastest, collider_speed);
  rising = std::max(rising, collider_rising);
  fixed_work_ = 2.0 * mass * fastest * fastest;
  const glm::dvec3 wind(environment.wind);
  power_ = mass * g * rising +
           free_particles * double{environment.air_drag} * glm::dot(wind, wind) / 4.0;
  const Air& air = environment.air;
  if (air.on()) {
    const double area = surface_area(model.positions, model.triangles);
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
