// The bytes per pass of the modules that add to a cloth (mesh bending, the air, one-shot forces
// and colliders; tearing and the knife in tearing_traffic_test) checked against an independent
// count, as bench_traffic_test does for the solvers' core: every load and store each shader
// makes, walked element by element on the model as it starts and deduplicated per dispatch
// (access_count.h). Where a shader's branch depends on where the cloth is (a contact), the walk
// takes it as the shader would on the cloth at rest.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "app/bench/pass_traffic.h"
#include "sim/model/link_state.h"
#include "sim/modules/aerodynamics.h"
#include "sim/modules/bending.h"
#include "sim/modules/colliders.h"
#include "sim/modules/external_forces.h"
#include "sim/modules/tearing.h"
#include "sim/core/solver_core.h"
#include "tests/support/access_count.h"
#include "tests/support/grid_pass_walks.h"
#include "tests/support/test_scenes.h"

namespace weft::test {
namespace {

constexpr float kFrameDt = 1.0f / 60.0f;

// relax_bending.comp, one colour (one dispatch).
uint64_t bending_bytes(const SolverCore& m, uint32_t colour, bool reset_lambda) {
  AccessCount a;
  const Bending& bending = *m.find<Bending>();
  const float dt = m.params().dt;
  for (uint32_t e = bending.offsets()[colour]; e < bending.offsets()[colour + 1]; ++e) {
    const gpu::BendingElement& element = bending.elements()[e];
    a.read("elements", e, sizeof(gpu::BendingElement));
    if (!reset_lambda) a.read("lambdas", e, 16);
    float w[4];
    for (uint32_t j = 0; j < 4; ++j) {  // all four, whatever the arity
      a.read("positions", element.particles[j], 16);
      w[j] = m.positions()[element.particles[j]].w;
    }
    // current_compliance(): held along its hinge and on one side, a share of it.
    const bool four = element.arity == 4;
    const bool hinge_held = four ? w[0] == 0.0f && w[1] == 0.0f : w[1] == 0.0f;
    const bool side_held = (four ? w[3] : w[0]) == 0.0f;
    float compliance = element.compliance;
    if (hinge_held && (w[2] == 0.0f) != side_held) {
      compliance *= side_held ? element.side_share : 1.0f - element.side_share;
    }
    float denominator = compliance / (dt * dt);
    for (uint32_t j = 0; j < element.arity; ++j)
      denominator += element.coefficients[j] * element.coefficients[j] * w[j];
    a.write("lambdas", e, 16);
    if (denominator == 0.0f) continue;
    // Every particle of the element is stored, a pinned one unmoved.
    for (uint32_t j = 0; j < element.arity; ++j) {
      a.write("positions", element.particles[j], 16);
      if (!verlet(m)) {
        a.read("velocities", element.particles[j], 16);
        a.write("velocities", element.particles[j], 16);
      }
    }
  }
  return a.bytes();
}

void expect_bending_counts_match(const Model& model, uint32_t substeps) {
  const SolverCore m(model);
  ASSERT_NE(m.find<Bending>(), nullptr);
  const FrameShape shape = m.current_shape(substeps);
  uint64_t bytes = 0;
  const uint32_t colours = static_cast<uint32_t>(m.find<Bending>()->offsets().size()) - 1;
  const uint32_t repeats = m.find<Bending>()->repeats();  // passes over the colours per sweep
  for (uint32_t sweep = 0; sweep < shape.relaxation_sweeps; ++sweep)
    for (uint32_t repeat = 0; repeat < repeats; ++repeat)
      for (uint32_t colour = 0; colour < colours; ++colour)
        bytes += bending_bytes(m, colour, sweep == 0 && repeat == 0);
  ASSERT_GT(bytes, 0u);
  EXPECT_EQ(traffic_of(frame_traffic(m, shape), "bending"), substeps * bytes);
}

TEST(ModuleTraffic, MeshBendingBytesMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    // A three-node element on a rope and the hinges of a strip whose first triangle is pinned:
    // one hinge held on one side, a clamp.
    expect_bending_counts_match(mixed_scene(integrator), 3);
    // Every particle of an element pinned, and one held along its hinge and on one side.
    Model pinned;
    for (float x : {0.0f, 1.0f, 2.0f})
      pinned.add_particle({x, 0.0f, 0.0f}, 0.0f);
    pinned.add_particle({3.0f, 0.0f, 0.0f}, 1.0f);
    pinned.bending.push_back({{0, 1, 2, 0}, {1.0f, -2.0f, 1.0f, 0.0f}, 1e-3f});
    pinned.bending.push_back({{1, 2, 3, 0}, {1.0f, -2.0f, 1.0f, 0.0f}, 1e-3f});
    pinned.solver.integrator = integrator;
    pinned.solver.relaxation_sweeps = 2;
    expect_bending_counts_match(pinned, 2);
  }
}

// aerodynamics.comp, one dispatch.
uint64_t air_bytes(const SolverCore& m) {
  AccessCount a;
  const Aerodynamics& air = *m.find<Aerodynamics>();
  const bool tears = !air.corner_tears().empty();
  const std::vector<glm::vec4>& x = m.positions();
  for (uint32_t t = 0; t < air.particles().size(); ++t) {
    const uint32_t i = air.particles()[t];
    a.read("particles", t, 4);
    a.read("positions", i, 16);
    if (is_pinned(m, i)) continue;
    read_velocity(a, m, i);
    a.read("corner offsets", t + 1, 4);
    a.read("corner offsets", t, 4);
    for (uint32_t k = air.offsets()[t]; k < air.offsets()[t + 1]; ++k) {
      const gpu::TriangleCorner& c = air.corners()[k];
      a.read("corners", k, sizeof(gpu::TriangleCorner));
      const uint32_t bits = tears ? air.corner_tears()[k] : 0u;
      if (tears) a.read("corner tears", k, 4);
      if (bits != 0u) {
        a.read("link state", i, 4);
        a.read("link state", c.next, 4);
        const uint32_t state = m.link_state()[i], next_state = m.link_state()[c.next];
        if (((state & (bits & 0xffffu)) | (next_state & (bits >> 16))) != 0u) continue;
      }
      a.read("positions", c.next, 16);
      a.read("positions", c.prev, 16);
      const glm::vec3 p(x[i]);
      if (glm::length(glm::cross(glm::vec3(x[c.next]) - p, glm::vec3(x[c.prev]) - p)) == 0.0f) {
        continue;
      }
      a.read("air", 0, sizeof(gpu::AirParams));  // wind_at(), then drag and lift
      read_velocity(a, m, c.next);
      read_velocity(a, m, c.prev);
    }
    a.read("forces", i, 16);
    a.write("forces", i, 16);
  }
  return a.bytes();
}

void expect_air_counts_match(const Model& model, uint32_t substeps) {
  const SolverCore m(model);
  ASSERT_NE(m.find<Aerodynamics>(), nullptr);
  const uint64_t bytes = air_bytes(m);
  ASSERT_GT(bytes, 0u);
  EXPECT_EQ(traffic_of(frame_traffic(m, m.current_shape(substeps)), "aerodynamics"),
            substeps * bytes);
}

TEST(ModuleTraffic, AerodynamicsBytesMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    // Two grids, a mesh strip, pinned corners and a pinned triangle.
    expect_air_counts_match(mixed_scene(integrator), 3);
    // Its first grid can tear: each corner reads the links that open its triangle.
    Model tearing = mixed_scene(integrator);
    tearing.grids[0].break_strain = 0.2f;
    ASSERT_EQ(tearable_grids(tearing).size(), 1u);
    expect_air_counts_match(tearing, 2);
  }
}

// apply_external_forces.comp, one dispatch.
uint64_t external_force_bytes(const SolverCore& m) {
  AccessCount a;
  const std::vector<gpu::ExternalForce>& entries = m.find<ExternalForces>()->frame_forces();
  for (uint32_t k = 0; k < entries.size(); ++k) {
    a.read("one-shot forces", k, sizeof(gpu::ExternalForce));
    a.read("forces", entries[k].particle, 16);
    a.write("forces", entries[k].particle, 16);
  }
  return a.bytes();
}

TEST(ModuleTraffic, ExternalForceBytesMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    SolverCore m(cloth_scene(integrator));
    // Two forces on one particle merge into one entry; one on a pinned particle still runs.
    m.apply_force_once(3, {0.0f, 1.0f, 0.0f});
    m.apply_force_once(3, {1.0f, 0.0f, 0.0f});
    m.apply_force_once(7, {0.0f, 0.0f, 2.0f});
    m.apply_force_once(0, {0.0f, 0.0f, 2.0f});
    const FrameShape shape = m.begin_frame(kFrameDt, 4);
    ASSERT_EQ(m.find<ExternalForces>()->frame_forces().size(), 3u);
    // Applied in the first substep only.
    EXPECT_EQ(traffic_of(frame_traffic(m, shape), "external forces"), external_force_bytes(m));
    m.end_frame();
  }
}

// collide.comp's rotate() by a unit quaternion (xyz, w), and back.
glm::vec3 rotate(const glm::vec4& q, const glm::vec3& v) {
  const glm::vec3 t = 2.0f * glm::cross(glm::vec3(q), v);
  return v + q.w * t + glm::cross(glm::vec3(q), t);
}
glm::vec3 unrotate(const glm::vec4& q, const glm::vec3& v) {
  return rotate(glm::vec4(-glm::vec3(q), q.w), v);
}
glm::vec3 closest_on_segment(const glm::vec3& x, const glm::vec3& a, const glm::vec3& b) {
  const glm::vec3 ab = b - a;
  return a + std::clamp(glm::dot(x - a, ab) / glm::dot(ab, ab), 0.0f, 1.0f) * ab;
}
bool over_triangle(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c,
                   const glm::vec3& n) {
  return glm::dot(glm::cross(b - a, p - a), n) >= 0.0f &&
         glm::dot(glm::cross(c - b, p - b), n) >= 0.0f &&
         glm::dot(glm::cross(a - c, p - c), n) >= 0.0f;
}

// collide.comp's collide_mesh(): whether the mesh moved `local`. Within the mesh's bounds it
// reads every triangle.
bool collide_mesh(AccessCount& a, const Colliders& colliders, const gpu::ColliderShape& s,
                  float reach, glm::vec3& local, const glm::vec3& local_prev) {
  if (glm::any(glm::lessThan(glm::max(local, local_prev), glm::vec3(s.bounds_min) - reach)) ||
      glm::any(glm::greaterThan(glm::min(local, local_prev), glm::vec3(s.bounds_max) + reach))) {
    return false;
  }
  const float margin = s.size.x + reach;
  bool hit = false;
  for (uint32_t t = s.first_triangle; t < s.first_triangle + s.triangle_count; ++t) {
    for (uint32_t k = 0; k < 3; ++k)
      a.read("mesh triangles", 3 * t + k, 16);
    const glm::vec3 v0(colliders.mesh_corners()[3 * t]);
    const glm::vec3 v1(colliders.mesh_corners()[3 * t + 1]);
    const glm::vec3 v2(colliders.mesh_corners()[3 * t + 2]);
    const glm::vec3 n = glm::normalize(glm::cross(v1 - v0, v2 - v0));
    const float h = glm::dot(local - v0, n);
    const float h_prev = glm::dot(local_prev - v0, n);
    const float side = h_prev >= 0.0f ? 1.0f : -1.0f;
    if (side * h >= margin) continue;
    const glm::vec3 p = local - h * n;
    bool over = over_triangle(p, v0, v1, v2, n);
    if (!over && side * h < 0.0f) {
      over =
          over_triangle(local_prev + (local - local_prev) * (h_prev / (h_prev - h)), v0, v1, v2, n);
    }
    if (over) {
      local = p + (side * margin) * n;
      hit = true;
      continue;
    }
    glm::vec3 e = closest_on_segment(local, v0, v1);
    for (const glm::vec3& other :
         {closest_on_segment(local, v1, v2), closest_on_segment(local, v2, v0)}) {
      if (glm::dot(local - other, local - other) < glm::dot(local - e, local - e)) e = other;
    }
    const float dist = glm::length(local - e);
    if (dist < margin && dist > 0.0f) {
      local = e + (local - e) / dist * margin;
      hit = true;
    }
  }
  return hit;
}

// collide.comp, substep `substep` of `substeps` (one dispatch). Counts in `touched` the particles
// it moves.
uint64_t collide_bytes(const SolverCore& m, uint32_t substep, uint32_t substeps,
                       uint32_t& touched) {
  AccessCount a;
  const Colliders& colliders = *m.find<Colliders>();
  const gpu::SimParams& params = m.params();
  const uint32_t spheres = static_cast<uint32_t>(colliders.spheres().size());
  const float f0 = static_cast<float>(substep) / static_cast<float>(substeps);
  const float f1 = static_cast<float>(substep + 1) / static_cast<float>(substeps);
  for (uint32_t i = 0; i < m.particle_count(); ++i) {
    a.read("positions", i, 16);
    if (is_pinned(m, i)) continue;
    a.read("previous", i, 16);
    a.read("reaches", i, 4);
    a.read("particle frictions", i, 8);
    glm::vec3 x(m.positions()[i]);
    const glm::vec3 x_prev(m.previous()[i]);
    const float reach = colliders.reaches()[i];
    bool moved = false;
    if (params.ground_mode == WEFT_GROUND_PROJECTION && x.y < params.ground.x + reach) {
      x.y = params.ground.x + reach;
      moved = true;
    }
    for (uint32_t s = 0; s < spheres; ++s) {
      a.read("spheres", s, 16);
      a.read("sphere starts", s, 16);
      const glm::vec4 sphere = colliders.spheres()[s];
      const glm::vec3 start(colliders.sphere_starts()[s]);
      const glm::vec3 c1 = start + (glm::vec3(sphere) - start) * f1;
      const float dist = glm::length(x - c1);
      if (dist < sphere.w + reach) {
        x = c1 + (dist > 0.0f ? (x - c1) / dist : glm::vec3(0.0f, 1.0f, 0.0f)) * (sphere.w + reach);
        a.read("frictions", s, 8);
        moved = true;
      }
    }
    for (uint32_t k = 0; k < colliders.shapes().size(); ++k) {
      const gpu::ColliderShape& s = colliders.shapes()[k];
      a.read("shapes", k, sizeof(gpu::ColliderShape));
      const glm::vec3 p0 = glm::vec3(s.position_start) +
                           (glm::vec3(s.position_end) - glm::vec3(s.position_start)) * f0;
      const glm::vec3 p1 = glm::vec3(s.position_start) +
                           (glm::vec3(s.position_end) - glm::vec3(s.position_start)) * f1;
      const glm::vec4 q0 =
          glm::normalize(s.rotation_start + (s.rotation_end - s.rotation_start) * f0);
      const glm::vec4 q1 =
          glm::normalize(s.rotation_start + (s.rotation_end - s.rotation_start) * f1);
      glm::vec3 local = unrotate(q1, x - p1);
      bool hit = false;
      if (s.kind == WEFT_COLLIDER_PLANE) {
        hit = local.y < reach;
        if (hit) local.y = reach;
      } else if (s.kind == WEFT_COLLIDER_CAPSULE) {
        const glm::vec3 axis(0.0f, std::clamp(local.y, -s.size.y, s.size.y), 0.0f);
        const float dist = glm::length(local - axis);
        hit = dist < s.size.x + reach;
        if (hit) {
          local = axis + (dist > 0.0f ? (local - axis) / dist : glm::vec3(1.0f, 0.0f, 0.0f)) *
                             (s.size.x + reach);
        }
      } else if (s.kind == WEFT_COLLIDER_BOX) {
        const glm::vec3 grown = glm::vec3(s.size) + reach;
        const glm::vec3 q = glm::abs(local) - grown;
        hit = q.x < 0.0f && q.y < 0.0f && q.z < 0.0f;
        if (hit) {
          const int axis = q.x > q.y ? (q.x > q.z ? 0 : 2) : (q.y > q.z ? 1 : 2);
          local[axis] = (local[axis] < 0.0f ? -1.0f : 1.0f) * grown[axis];
        }
      } else {
        hit = collide_mesh(a, colliders, s, reach, local, unrotate(q0, x_prev - p0));
      }
      if (hit) {
        x = p1 + rotate(q1, local);
        a.read("frictions", spheres + k, 8);
        moved = true;
      }
    }
    if (!moved) continue;
    ++touched;
    a.write("positions", i, 16);
    if (!verlet(m)) {
      a.read("velocities", i, 16);
      a.write("velocities", i, 16);
    }
  }
  return a.bytes();
}

// The model counts no contact (where the cloth will touch is not known ahead), so a frame whose
// walk finds none must match it exactly, and one with contacts exceed it.
void expect_collide_counts_match(const Model& model, uint32_t substeps, bool contacts) {
  SolverCore m(model);
  ASSERT_NE(m.find<Colliders>(), nullptr);
  // A frame begun: moving colliders take their poses at its start and end.
  const FrameShape shape = m.begin_frame(kFrameDt, substeps);
  uint64_t bytes = 0;
  uint32_t touched = 0;
  for (uint32_t substep = 0; substep < substeps; ++substep)
    bytes += collide_bytes(m, substep, substeps, touched);
  const uint64_t modelled = traffic_of(frame_traffic(m, shape), "collision");
  if (contacts) {
    EXPECT_GT(touched, 0u);
    EXPECT_GT(bytes, modelled);
  } else {
    EXPECT_EQ(touched, 0u);
    EXPECT_EQ(modelled, bytes);
  }
  m.end_frame();
}

TEST(ModuleTraffic, ColliderBytesMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    // Moving colliders of every shape, each overlapping some particles.
    expect_collide_counts_match(colliders_scene(integrator), 3, true);
    // The same colliders at rest clear of the cloth, the ground far below it.
    Model clear = colliders_scene(integrator);
    clear.environment.ground = {GroundMode::projection, -5.0f, 0.0f, 0.0f, 0.0f};
    clear.environment.spheres[0].path.keyframes.clear();
    clear.environment.spheres[0].center = {0.3f, 0.8f, 0.2f};
    for (Collider& c : clear.environment.colliders) {
      c.path.keyframes.clear();
      if (c.shape != ColliderShape::mesh)
        c.pose.position.y += c.shape == ColliderShape::plane ? -2.0f : 2.0f;
    }
    // The mesh level with the cloth's second particle, beyond its margin (2 cm) and the
    // particle's reach (1 cm) off a corner of its square but within its bounds: that particle
    // reads its triangles.
    Collider& mesh = clear.environment.colliders.back();
    mesh.pose = {clear.positions[1] - glm::vec3(0.176f, 0.0f, 0.176f),
                 rotation_from_degrees({0.0f, 0.0f, 0.0f})};
    expect_collide_counts_match(clear, 2, false);
    Model ground_only = cloth_scene(integrator);
    ground_only.environment.spheres.clear();
    ground_only.environment.ground.height = -5.0f;
    expect_collide_counts_match(ground_only, 2, false);
  }
}

}  // namespace
}  // namespace weft::test
