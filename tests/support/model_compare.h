// Two models compared field by field, floats by their bits (so -0 differs from 0 and every last
// bit counts), written independently of the scene writer it judges: a saved scene must load back
// as the same model. The report names the first differences ("springs[12].stiffness: 100 vs
// 100.000008").
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "sim/model/model.h"

namespace weft::test {

class ModelDiff {
 public:
  static constexpr size_t kReported = 8;

  void add(const std::string& what, const std::string& a, const std::string& b) {
    if (++count_ <= kReported) report_ += "\n  " + what + ": " + a + " vs " + b;
  }
  void same(const std::string& what, float a, float b) {
    if (std::memcmp(&a, &b, sizeof a) != 0) add(what, text(a), text(b));
  }
  void same(const std::string& what, double a, double b) {
    if (std::memcmp(&a, &b, sizeof a) != 0) add(what, text(a), text(b));
  }
  void same(const std::string& what, uint64_t a, uint64_t b) {
    if (a != b) add(what, std::to_string(a), std::to_string(b));
  }
  void same(const std::string& what, uint32_t a, uint32_t b) {
    same(what, uint64_t{a}, uint64_t{b});
  }
  void same(const std::string& what, const glm::vec3& a, const glm::vec3& b) {
    for (int k = 0; k < 3; ++k)
      same(what + "xyz"[k], a[k], b[k]);
  }
  void same(const std::string& what, const glm::quat& a, const glm::quat& b) {
    for (int k = 0; k < 4; ++k)
      same(what + "xyzw"[k], a[k], b[k]);
  }
  template <typename T, typename Compare>
  void list(const std::string& what, const std::vector<T>& a, const std::vector<T>& b,
            Compare compare) {
    same(what + ".size", uint64_t{a.size()}, uint64_t{b.size()});
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
      compare(what + "[" + std::to_string(i) + "]", a[i], b[i]);
  }

  size_t count() const { return count_; }
  const std::string& report() const { return report_; }

 private:
  template <typename T>
  static std::string text(T value) {
    std::ostringstream out;
    out.precision(17);
    out << value;
    return out.str();
  }
  size_t count_ = 0;
  std::string report_;
};

inline void compare_links(ModelDiff& d, const std::string& w, const LinkMaterial& a,
                          const LinkMaterial& b) {
  d.same(w + ".kind", uint64_t(a.kind), uint64_t(b.kind));
  d.same(w + ".stiffness", a.stiffness, b.stiffness);
  d.same(w + ".damping", a.damping, b.damping);
  d.same(w + ".compliance", a.compliance, b.compliance);
  d.same(w + ".compression_compliance", compression_compliance_of(a), compression_compliance_of(b));
}

inline void compare_friction(ModelDiff& d, const std::string& w,
                             const std::optional<ContactFriction>& a,
                             const std::optional<ContactFriction>& b) {
  d.same(w + ".friction given", uint64_t(a.has_value()), uint64_t(b.has_value()));
  if (a && b) {
    d.same(w + ".static_friction", a->static_friction, b->static_friction);
    d.same(w + ".kinetic_friction", a->kinetic_friction, b->kinetic_friction);
  }
}

inline void compare_paths(ModelDiff& d, const std::string& w, const ColliderPath& a,
                          const ColliderPath& b) {
  d.same(w + ".interpolation", uint64_t(a.interpolation), uint64_t(b.interpolation));
  d.list(w + ".keyframes", a.keyframes, b.keyframes,
         [&](const std::string& k, const ColliderKeyframe& x, const ColliderKeyframe& y) {
           d.same(k + ".time", x.time, y.time);
           d.same(k + ".position.", x.pose.position, y.pose.position);
           d.same(k + ".rotation.", x.pose.rotation, y.pose.rotation);
         });
}

inline void compare_environments(ModelDiff& d, const Environment& a, const Environment& b) {
  d.same("gravity.", a.gravity, b.gravity);
  d.same("wind.", a.wind, b.wind);
  d.same("air_drag", a.air_drag, b.air_drag);
  d.same("air.density", a.air.density, b.air.density);
  d.same("air.drag_coefficient", a.air.drag_coefficient, b.air.drag_coefficient);
  d.same("air.lift_coefficient", a.air.lift_coefficient, b.air.lift_coefficient);
  d.same("gusts.amplitude.", a.air.gusts.amplitude, b.air.gusts.amplitude);
  d.same("gusts.frequency", a.air.gusts.frequency, b.air.gusts.frequency);
  d.same("gusts.scale", a.air.gusts.scale, b.air.gusts.scale);
  d.same("ground.mode", uint64_t(a.ground.mode), uint64_t(b.ground.mode));
  d.same("ground.height", a.ground.height, b.ground.height);
  d.same("ground.repulsion", a.ground.repulsion, b.ground.repulsion);
  d.same("ground.friction", a.ground.friction, b.ground.friction);
  d.same("ground.absorption", a.ground.absorption, b.ground.absorption);
  d.list("spheres", a.spheres, b.spheres,
         [&](const std::string& w, const Sphere& x, const Sphere& y) {
           d.same(w + ".center.", x.center, y.center);
           d.same(w + ".radius", x.radius, y.radius);
           compare_paths(d, w + ".path", x.path, y.path);
           compare_friction(d, w, x.friction, y.friction);
         });
  d.list("colliders", a.colliders, b.colliders,
         [&](const std::string& w, const Collider& x, const Collider& y) {
           d.same(w + ".shape", uint64_t(x.shape), uint64_t(y.shape));
           d.same(w + ".position.", x.pose.position, y.pose.position);
           d.same(w + ".rotation.", x.pose.rotation, y.pose.rotation);
           compare_paths(d, w + ".path", x.path, y.path);
           d.same(w + ".radius", x.radius, y.radius);
           d.same(w + ".half_length", x.half_length, y.half_length);
           d.same(w + ".half_extents.", x.half_extents, y.half_extents);
           d.same(w + ".margin", x.margin, y.margin);
           compare_friction(d, w, x.friction, y.friction);
           d.list(w + ".triangles", x.triangles, y.triangles,
                  [&](const std::string& v, const glm::vec3& p, const glm::vec3& q) {
                    d.same(v + ".", p, q);
                  });
         });
  d.same("contact_friction", a.contact_friction, b.contact_friction);
  d.same("static_friction", a.static_friction, b.static_friction);
  d.same("kinetic_friction", a.kinetic_friction, b.kinetic_friction);
  d.same("spring_damping", uint64_t(a.spring_damping), uint64_t(b.spring_damping));
  d.same("self_collision", uint64_t(a.self_collision), uint64_t(b.self_collision));
  d.same("self_friction", a.self_friction, b.self_friction);
}

inline void compare_grids(ModelDiff& d, const std::vector<GridLayout>& a,
                          const std::vector<GridLayout>& b) {
  d.list("grids", a, b, [&](const std::string& w, const GridLayout& x, const GridLayout& y) {
    d.same(w + ".first_particle", x.first_particle, y.first_particle);
    d.same(w + ".columns", x.columns, y.columns);
    d.same(w + ".rows", x.rows, y.rows);
    d.same(w + ".column_step.", x.column_step, y.column_step);
    d.same(w + ".row_step.", x.row_step, y.row_step);
    compare_links(d, w + ".structural", x.structural, y.structural);
    compare_links(d, w + ".shear", x.shear, y.shear);
    compare_links(d, w + ".bend", x.bend, y.bend);
    d.same(w + ".bending_stiffness", x.bending_stiffness, y.bending_stiffness);
    d.same(w + ".break_strain", x.break_strain, y.break_strain);
    d.same(w + ".links_listed", uint64_t(x.links_listed), uint64_t(y.links_listed));
    d.same(w + ".first_spring", uint64_t(x.first_spring), uint64_t(y.first_spring));
    d.same(w + ".spring_count", uint64_t(x.spring_count), uint64_t(y.spring_count));
    d.same(w + ".first_constraint", uint64_t(x.first_constraint), uint64_t(y.first_constraint));
    d.same(w + ".constraint_count", uint64_t(x.constraint_count), uint64_t(y.constraint_count));
  });
}

// Every field of the two models; the report lists the first differences.
inline ::testing::AssertionResult models_equal(const Model& a, const Model& b) {
  ModelDiff d;
  const auto vec = [&](const std::string& w, const glm::vec3& x, const glm::vec3& y) {
    d.same(w + ".", x, y);
  };
  d.list("positions", a.positions, b.positions, vec);
  d.list("velocities", a.velocities, b.velocities, vec);
  d.list("inverse_masses", a.inverse_masses, b.inverse_masses,
         [&](const std::string& w, float x, float y) { d.same(w, x, y); });
  d.list("springs", a.springs, b.springs,
         [&](const std::string& w, const Spring& x, const Spring& y) {
           d.same(w + ".a", x.a, y.a);
           d.same(w + ".b", x.b, y.b);
           d.same(w + ".rest_length", x.rest_length, y.rest_length);
           d.same(w + ".stiffness", x.stiffness, y.stiffness);
           d.same(w + ".damping", x.damping, y.damping);
         });
  d.list("constraints", a.constraints, b.constraints,
         [&](const std::string& w, const DistanceConstraint& x, const DistanceConstraint& y) {
           d.same(w + ".a", x.a, y.a);
           d.same(w + ".b", x.b, y.b);
           d.same(w + ".rest_length", x.rest_length, y.rest_length);
           d.same(w + ".compliance", x.compliance, y.compliance);
           d.same(w + ".compression_compliance", x.compression_compliance.value_or(x.compliance),
                  y.compression_compliance.value_or(y.compliance));
         });
  d.list("anchors", a.anchors, b.anchors,
         [&](const std::string& w, const Anchor& x, const Anchor& y) {
           d.same(w + ".particle", x.particle, y.particle);
           d.same(w + ".velocity.", x.velocity, y.velocity);
           d.same(w + ".keep_above_ground", uint64_t(x.keep_above_ground),
                  uint64_t(y.keep_above_ground));
         });
  d.list("bending", a.bending, b.bending,
         [&](const std::string& w, const BendingElement& x, const BendingElement& y) {
           for (int k = 0; k < 4; ++k) {
             d.same(w + ".particles" + std::to_string(k), x.particles[k], y.particles[k]);
             d.same(w + ".coefficients" + std::to_string(k), x.coefficients[k], y.coefficients[k]);
           }
           d.same(w + ".compliance", x.compliance, y.compliance);
         });
  d.list("triangles", a.triangles, b.triangles,
         [&](const std::string& w, const glm::uvec3& x, const glm::uvec3& y) {
           for (int k = 0; k < 3; ++k)
             d.same(w + "xyz"[k], x[k], y[k]);
         });
  compare_environments(d, a.environment, b.environment);
  d.same("solver.integrator", uint64_t(a.solver.integrator), uint64_t(b.solver.integrator));
  d.same("solver.variant", uint64_t(a.solver.variant), uint64_t(b.solver.variant));
  d.same("solver.frame_dt", a.solver.frame_dt, b.solver.frame_dt);
  d.same("solver.substeps", a.solver.substeps, b.solver.substeps);
  d.same("solver.relaxation_sweeps", a.solver.relaxation_sweeps, b.solver.relaxation_sweeps);
  d.same("solver.damping_rate", a.solver.damping_rate, b.solver.damping_rate);
  compare_grids(d, a.grids, b.grids);
  d.list("tether_groups", a.tether_groups, b.tether_groups,
         [&](const std::string& w, const TetherGroup& x, const TetherGroup& y) {
           d.same(w + ".first_particle", x.first_particle, y.first_particle);
           d.same(w + ".particle_count", x.particle_count, y.particle_count);
           d.same(w + ".scale", x.scale, y.scale);
         });
  d.list("contact_groups", a.contact_groups, b.contact_groups,
         [&](const std::string& w, const ContactGroup& x, const ContactGroup& y) {
           d.same(w + ".first_particle", x.first_particle, y.first_particle);
           d.same(w + ".particle_count", x.particle_count, y.particle_count);
           d.same(w + ".thickness", x.thickness, y.thickness);
         });
  d.list("surface_frictions", a.surface_frictions, b.surface_frictions,
         [&](const std::string& w, const SurfaceFriction& x, const SurfaceFriction& y) {
           d.same(w + ".first_particle", x.first_particle, y.first_particle);
           d.same(w + ".particle_count", x.particle_count, y.particle_count);
           compare_friction(d, w, x.friction, y.friction);
         });
  if (d.count() == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << d.count() << " field(s) differ:" << d.report();
}

}  // namespace weft::test
