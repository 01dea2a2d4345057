#include "sim/model/model_validation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <unordered_set>

#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

namespace {

bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

void require(bool ok, const std::string& message) {
  if (!ok) throw ModelError(message);
}

bool non_negative(float value) {
  return std::isfinite(value) && value >= 0.0f;
}

void require_non_negative(float value, const std::string& what, const char* unit) {
  require(std::isfinite(value) && value >= 0.0f, what + " must be finite and >= 0" +
                                                     (*unit ? std::string(" ") + unit : "") +
                                                     ", got " + number(value));
}

void validate_particles(const Model& model) {
  const size_t n = model.positions.size();
  require(n > 0, "the model has no particles");
  require(std::isfinite(model.origin.x) && std::isfinite(model.origin.y) &&
              std::isfinite(model.origin.z),
          "the model's origin must be finite");
  require(n <= 0xfffffffeull,
          "the model has " + std::to_string(n) + " particles; at most 2^32 - 2 fit");
  require(model.velocities.size() == n && model.inverse_masses.size() == n,
          "the model's particle arrays differ in length (positions " + std::to_string(n) +
              ", velocities " + std::to_string(model.velocities.size()) + ", inverse masses " +
              std::to_string(model.inverse_masses.size()) + ")");
  for (size_t i = 0; i < n; ++i) {
    // Messages are built only for an element that fails: building them for every element of a
    // large cloth took most of the time of packing it (25 s for 1024 x 1024).
    if (finite(model.positions[i]) && finite(model.velocities[i]) &&
        non_negative(model.inverse_masses[i])) {
      continue;
    }
    const std::string name = "particle " + std::to_string(i);
    require(finite(model.positions[i]), name + " has a non-finite position");
    require(finite(model.velocities[i]), name + " has a non-finite velocity");
    const float w = model.inverse_masses[i];
    require(std::isfinite(w) && w >= 0.0f,
            name + ": inverse mass must be finite and >= 0 1/kg (mass > 0, or 0 to pin), got " +
                number(w));
  }
}

void require_pair(uint32_t a, uint32_t b, size_t n, const std::string& name) {
  require(a < n && b < n, name + " joins particles " + std::to_string(a) + " and " +
                              std::to_string(b) + ", but the model has " + std::to_string(n));
  require(a != b, name + " joins particle " + std::to_string(a) + " to itself");
}

void validate_elements(const Model& model) {
  const size_t n = model.positions.size();
  for (size_t s = 0; s < model.springs.size(); ++s) {
    const Spring& spring = model.springs[s];
    if (spring.a < n && spring.b < n && spring.a != spring.b && non_negative(spring.rest_length) &&
        non_negative(spring.stiffness) && non_negative(spring.damping)) {
      continue;  // as for particles: a message only for an element that fails
    }
    const std::string name = "spring " + std::to_string(s);
    require_pair(spring.a, spring.b, n, name);
    require_non_negative(spring.rest_length, name + ": rest length", "m");
    require_non_negative(spring.stiffness, name + ": stiffness", "N/m");
    require_non_negative(spring.damping, name + ": damping", "N s/m");
  }
  for (size_t c = 0; c < model.constraints.size(); ++c) {
    const DistanceConstraint& constraint = model.constraints[c];
    if (constraint.a < n && constraint.b < n && constraint.a != constraint.b &&
        std::isfinite(constraint.rest_length) && constraint.rest_length > 0.0f &&
        non_negative(constraint.compliance)) {
      continue;
    }
    const std::string name = "distance constraint " + std::to_string(c);
    require_pair(constraint.a, constraint.b, n, name);
    require(std::isfinite(constraint.rest_length) && constraint.rest_length > 0.0f,
            name + ": rest length must be > 0 m, got " + number(constraint.rest_length));
    require_non_negative(constraint.compliance, name + ": compliance", "m/N");
  }
  std::unordered_set<uint32_t> anchored;
  for (size_t k = 0; k < model.anchors.size(); ++k) {
    const Anchor& anchor = model.anchors[k];
    const std::string name = "anchor " + std::to_string(k);
    require(anchor.particle < n, name + " drives particle " + std::to_string(anchor.particle) +
                                     ", but the model has " + std::to_string(n));
    require(model.inverse_masses[anchor.particle] == 0.0f,
            name + " drives particle " + std::to_string(anchor.particle) +
                ", which is not pinned (an anchor needs inverse mass 0)");
    require(anchored.insert(anchor.particle).second,
            name + " drives particle " + std::to_string(anchor.particle) + " a second time");
    require(finite(anchor.velocity), name + " has a non-finite velocity");
  }
  for (size_t e = 0; e < model.bending.size(); ++e) {
    const BendingElement& element = model.bending[e];
    const uint32_t arity = element.coefficients[3] == 0.0f ? 3 : 4;
    bool ok = std::isfinite(element.compliance) && element.compliance > 0.0f;
    for (uint32_t k = 0; k < arity; ++k) {
      ok = ok && element.particles[k] < n && std::isfinite(element.coefficients[k]);
    }
    if (ok) continue;
    require(false, "bending element " + std::to_string(e) +
                       " names a particle beyond the model's or has a compliance that is not "
                       "finite and > 0 m/N");
  }
  for (size_t t = 0; t < model.triangles.size(); ++t) {
    const glm::uvec3& tri = model.triangles[t];
    if (tri.x < n && tri.y < n && tri.z < n) continue;
    require(tri.x < n && tri.y < n && tri.z < n,
            "triangle " + std::to_string(t) + " uses a particle index beyond " + std::to_string(n));
  }
}

void validate_path(const ColliderPath& path, const std::string& name) {
  for (size_t k = 0; k < path.keyframes.size(); ++k) {
    const ColliderKeyframe& key = path.keyframes[k];
    require(std::isfinite(key.time) && finite(key.pose.position),
            name + ": keyframe " + std::to_string(k) + " is not finite");
    require(k == 0 || key.time > path.keyframes[k - 1].time,
            name + ": keyframe times must increase, keyframe " + std::to_string(k) + " is at " +
                number(float(key.time)) + " s");
  }
}

// A collider's or a material's own Coulomb coefficients, if it has them.
void validate_friction(const std::optional<ContactFriction>& friction, const std::string& name) {
  if (!friction) return;
  require(std::isfinite(friction->static_friction) && friction->static_friction >= 0.0f,
          name + ": static_friction must be >= 0, got " + number(friction->static_friction));
  require(std::isfinite(friction->kinetic_friction) && friction->kinetic_friction >= 0.0f &&
              friction->kinetic_friction <= friction->static_friction,
          name + ": kinetic_friction must be in [0, static_friction], got " +
              number(friction->kinetic_friction));
}

void validate_environment(const Environment& env) {
  require(finite(env.gravity), "gravity must be finite");
  require(finite(env.wind), "wind must be finite");
  require_non_negative(env.air_drag, "air_drag", "N s/m");
  const Air& air = env.air;
  require_non_negative(air.density, "air_density", "kg/m^3");
  require_non_negative(air.drag_coefficient, "drag_coefficient", "");
  require_non_negative(air.lift_coefficient, "lift_coefficient", "");
  for (int a = 0; a < 3; ++a)
    require_non_negative(air.gusts.amplitude[a], "every gust amplitude", "m/s");
  require(std::isfinite(air.gusts.frequency) && air.gusts.frequency > 0.0f,
          "gust frequency must be > 0 Hz, got " + number(air.gusts.frequency));
  require(std::isfinite(air.gusts.scale) && air.gusts.scale > 0.0f,
          "gust scale must be > 0 m, got " + number(air.gusts.scale));
  require(std::isfinite(env.ground.height), "ground height must be finite");
  require_non_negative(env.ground.repulsion, "ground repulsion", "N/m");
  require_non_negative(env.ground.friction, "ground friction", "N s/m");
  require_non_negative(env.ground.absorption, "ground absorption", "N s/m");
  require(std::isfinite(env.contact_friction) && env.contact_friction >= 0.0f &&
              env.contact_friction <= 1.0f,
          "contact_friction must be in [0, 1], got " + number(env.contact_friction));
  require(std::isfinite(env.static_friction) && env.static_friction >= 0.0f,
          "static_friction must be >= 0, got " + number(env.static_friction));
  require(std::isfinite(env.kinetic_friction) && env.kinetic_friction >= 0.0f &&
              env.kinetic_friction <= env.static_friction,
          "kinetic_friction must be in [0, static_friction], got " + number(env.kinetic_friction));
  for (size_t s = 0; s < env.spheres.size(); ++s) {
    const Sphere& sphere = env.spheres[s];
    require(finite(sphere.center), "sphere " + std::to_string(s) + " has a non-finite centre");
    validate_friction(sphere.friction, "sphere " + std::to_string(s));
    require(std::isfinite(sphere.radius) && sphere.radius > 0.0f,
            "sphere " + std::to_string(s) + ": radius must be > 0 m, got " + number(sphere.radius));
    validate_path(sphere.path, "sphere " + std::to_string(s));
  }
  for (size_t k = 0; k < env.colliders.size(); ++k) {
    const Collider& c = env.colliders[k];
    const std::string name = "collider " + std::to_string(k);
    require(finite(c.pose.position), name + " has a non-finite position");
    validate_path(c.path, name);
    validate_friction(c.friction, name);
    switch (c.shape) {
      case ColliderShape::plane: break;
      case ColliderShape::capsule:
        require(std::isfinite(c.radius) && c.radius > 0.0f,
                name + ": capsule radius must be > 0 m, got " + number(c.radius));
        require(std::isfinite(c.half_length) && c.half_length >= 0.0f,
                name + ": capsule half length must be >= 0 m, got " + number(c.half_length));
        break;
      case ColliderShape::box:
        for (int a = 0; a < 3; ++a) {
          require(std::isfinite(c.half_extents[a]) && c.half_extents[a] > 0.0f,
                  name + ": every half extent of a box must be > 0 m, got " +
                      number(c.half_extents[a]));
        }
        break;
      case ColliderShape::mesh:
        require(!c.triangles.empty() && c.triangles.size() % 3 == 0,
                name + ": a mesh collider needs at least one triangle");
        require(std::isfinite(c.margin) && c.margin > 0.0f,
                name + ": mesh margin must be > 0 m, got " + number(c.margin));
        for (size_t t = 0; t + 2 < c.triangles.size(); t += 3) {
          const glm::vec3 n =
              glm::cross(c.triangles[t + 1] - c.triangles[t], c.triangles[t + 2] - c.triangles[t]);
          require(finite(c.triangles[t]) && finite(c.triangles[t + 1]) &&
                      finite(c.triangles[t + 2]) && glm::length(n) > 0.0f,
                  name + ": triangle " + std::to_string(t / 3) + " has no area");
        }
        break;
    }
  }
}

// Particles [first, first + count) exist and belong to no earlier range of the same list: each
// list (contact groups, surface frictions) gives a particle at most one entry.
void claim_particles(const Model& model, std::vector<bool>& taken, uint32_t first, uint32_t count,
                     const std::string& name, const std::string& twice) {
  require(
      uint64_t{first} + count <= model.particle_count(),
      name + " reaches past the model's " + std::to_string(model.particle_count()) + " particles");
  for (uint32_t k = first; k < first + count; ++k) {
    require(!taken[k], name + " " + twice + " (particle " + std::to_string(k) + ")");
    taken[k] = true;
  }
}

void validate_contacts(const Model& model) {
  require_non_negative(model.environment.self_friction, "self_friction", "");
  std::vector<bool> taken(model.particle_count(), false);
  for (size_t g = 0; g < model.contact_groups.size(); ++g) {
    const ContactGroup& group = model.contact_groups[g];
    const std::string name = "contact group " + std::to_string(g);
    require(std::isfinite(group.thickness) && group.thickness > 0.0f,
            name + ": thickness must be > 0 m, got " + number(group.thickness));
    claim_particles(model, taken, group.first_particle, group.particle_count, name,
                    "shares a particle with another group");
  }
  std::fill(taken.begin(), taken.end(), false);
  for (size_t s = 0; s < model.surface_frictions.size(); ++s) {
    const SurfaceFriction& surface = model.surface_frictions[s];
    const std::string name = "surface friction " + std::to_string(s);
    validate_friction(surface.friction, name + " (its material)");
    claim_particles(model, taken, surface.first_particle, surface.particle_count, name,
                    "gives a particle a second friction");
  }
}

// Each object's tethers (sim/modules/tethers.h): the stretch they allow, on particles of their own.
void validate_tethers(const Model& model) {
  std::vector<bool> taken(model.particle_count(), false);
  for (size_t g = 0; g < model.tether_groups.size(); ++g) {
    const TetherGroup& group = model.tether_groups[g];
    const std::string name = "tether group " + std::to_string(g);
    require(std::isfinite(group.scale) && group.scale >= 1.0f,
            name + ": scale must be >= 1, got " + number(group.scale));
    require(
        group.link_scale == 0.0f || (std::isfinite(group.link_scale) && group.link_scale >= 1.0f),
        name + ": link_scale must be 0 (a cloth that tears) or >= 1, got " +
            number(group.link_scale));
    claim_particles(model, taken, group.first_particle, group.particle_count, name,
                    "shares a particle with another group");
  }
}

void validate_solver(const SolverSettings& solver) {
  require(std::isfinite(solver.frame_dt) && solver.frame_dt > 0.0f,
          "frame_dt must be > 0 s, got " + number(solver.frame_dt));
  require(solver.substeps >= 1 && solver.substeps <= 100000,
          "substeps must be in [1, 100000], got " + std::to_string(solver.substeps));
  require(solver.relaxation_sweeps <= 10000, "relaxation_sweeps must be in [0, 10000], got " +
                                                 std::to_string(solver.relaxation_sweeps));
  require(std::isfinite(solver.damping_rate) && solver.damping_rate >= 0.0f,
          "damping_rate must be finite and >= 0 1/s, got " + number(solver.damping_rate));
  const auto integrator = static_cast<uint32_t>(solver.integrator);
  require(integrator <= 2, "unknown integrator " + std::to_string(integrator));
}

}  // namespace

void validate_model(const Model& model) {
  validate_particles(model);
  validate_elements(model);
  validate_environment(model.environment);
  validate_contacts(model);
  validate_tethers(model);
  validate_solver(model.solver);
  bool bends = !model.bending.empty();
  for (const GridLayout& grid : model.grids)
    bends = bends || grid.bending_stiffness > 0.0f;
  require(!bends || model.solver.relaxation_sweeps >= 1,
          "bending is relaxed in the first relaxation sweep of each substep: relaxation_sweeps "
          "must be >= 1 when a cloth has bending_stiffness > 0");
}

}  // namespace weft
