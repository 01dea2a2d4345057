// The bytes per pass of the modules that add to a cloth (mesh bending, the air, one-shot forces,
// colliders, tearing and the knife) checked against an independent count, as bench_traffic_test
// does for the solvers' core: every load and store each shader makes, walked element by element
// on the model as it starts and deduplicated per dispatch (access_count.h). Where a shader's
// branch depends on where the cloth is (a contact, a tear), the walk takes it as the shader would
// on the cloth at rest.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "app/bench/pass_traffic.h"
#include "sim/grid_layout.h"
#include "sim/link_state.h"
#include "sim/modules/aerodynamics.h"
#include "sim/modules/bending.h"
#include "sim/modules/colliders.h"
#include "sim/modules/external_forces.h"
#include "sim/modules/knife.h"
#include "sim/modules/tearing.h"
#include "sim/solver_core.h"
#include "tests/support/access_count.h"
#include "tests/support/grid_pass_walks.h"
#include "tests/support/tearing_curtain.h"
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
  for (uint32_t sweep = 0; sweep < shape.relaxation_sweeps; ++sweep)
    for (uint32_t colour = 0; colour < colours; ++colour)
      bytes += bending_bytes(m, colour, sweep == 0);
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

// grid_directions.glsl's grid_of_thread(): a binary search over the grids' first threads.
const gpu::GridParams& grid_of_thread(AccessCount& a, const GridSet& grids, uint32_t t) {
  uint32_t low = 0, high = grids.grid_count();
  while (high - low > 1) {
    const uint32_t middle = (low + high) / 2;
    a.read("grids", middle, sizeof(gpu::GridParams));
    if (grids.params()[middle].first_thread <= t) {
      low = middle;
    } else {
      high = middle;
    }
  }
  a.read("grids", low, sizeof(gpu::GridParams));
  return grids.params()[low];
}

// tear_link.glsl's tear_link(): every atomic reads and writes a node's link state; the bits are
// set in `state` as the shader sets them, for the passes after it.
void walk_tear_link(AccessCount& a, const gpu::GridParams& grid, uint32_t node, uint32_t k,
                    uint32_t other, std::vector<uint32_t>& state) {
  auto set = [&](uint32_t n, uint32_t bits) {
    a.atomic("link state", grid.first_particle + n, 4);
    state[grid.first_particle + n] |= bits;
  };
  set(node, 1u << k);
  set(other, 1u << (k + 1));
  if (k < 4) {
    const uint32_t axis = k / 2;
    const uint32_t column = node % grid.columns, row = node / grid.columns;
    const uint32_t along = axis == 0 ? column : row;
    const uint32_t nodes = axis == 0 ? grid.columns : grid.rows;
    const uint32_t stride = axis == 0 ? 1 : grid.columns;
    const uint32_t bend_forward = 8 + 2 * axis;
    if (along >= 1) {
      set(node - stride, 1u << bend_forward);
      set(other, 1u << (bend_forward + 1));
    }
    if (along + 2 < nodes) {
      set(node, 1u << bend_forward);
      set(other + stride, 1u << (bend_forward + 1));
    }
    set(axis == 0 ? row * grid.columns : column,
        axis == 0 ? WEFT_LINK_ROW_CHANGED : WEFT_LINK_COLUMN_CHANGED);
  }
  a.atomic("health", 0, 4);  // the count of torn links
}

// Whether the link from particle `from` to `to` of `grid`, in rest-length slot `slot`, is
// stretched beyond `share` of its break strain (both positions read).
bool stretched(AccessCount& a, const SolverCore& m, const gpu::GridParams& grid, uint32_t from,
               uint32_t to, uint32_t slot, float share) {
  a.read("positions", from, 16);
  a.read("positions", to, 16);
  const float len = glm::length(glm::vec3(m.positions()[to]) - glm::vec3(m.positions()[from]));
  return len > (1.0f + share * grid.break_strain) * grid_rest_length(grid, slot);
}

// tear_links.comp, one dispatch, on the cloth as it starts and the link states `state`.
uint64_t tear_bytes(const SolverCore& m, const GridSet& grids, std::vector<uint32_t>& state) {
  AccessCount a;
  for (uint32_t t = 0; t < grids.thread_count(); ++t) {
    const gpu::GridParams& grid = grid_of_thread(a, grids, t);
    const uint32_t base = grid.first_particle;
    const uint32_t node = t - grid.first_thread;
    const uint32_t column = node % grid.columns, row = node / grid.columns;
    a.read("link state", base + node, 4);
    const uint32_t s = state[base + node];
    const uint32_t kinds = grid.spring_kinds | grid.constraint_kinds;
    auto structural_gone = [&](uint32_t c, uint32_t r, uint32_t k) {
      const uint32_t from = r * grid.columns + c;
      const uint32_t to = k == 0 ? from + 1 : from + grid.columns;
      a.read("link state", base + from, 4);
      return link_torn(state[base + from], k) ||
             ((kinds & WEFT_GRID_STRUCTURAL) != 0 &&
              stretched(a, m, grid, base + from, base + to, k / 2, 1.0f));
    };
    for (uint32_t k = 0; k < 8; k += 2) {
      uint32_t other = 0;
      if ((kinds & grid_kind_bit(kGridDirections[k].kind)) == 0 || link_torn(s, k) ||
          !GridSet::neighbour(grid, column, row, kGridDirections[k], other)) {
        continue;
      }
      bool breaks = false;
      if (k < 4) {
        breaks = stretched(a, m, grid, base + node, base + other, k / 2, 1.0f);
      } else {
        const uint32_t c = k == 4 ? column : column - 1;  // the cell the diagonal crosses
        breaks = structural_gone(c, row, 0) || structural_gone(c, row + 1, 0) ||
                 structural_gone(c, row, 2) || structural_gone(c + 1, row, 2);
      }
      if (breaks) {
        walk_tear_link(a, grid, node, k, other, state);
      } else if (k < 4) {
        const bool yielding =
            stretched(a, m, grid, base + node, base + other, k / 2, WEFT_TEAR_YIELD_SHARE);
        const uint32_t shift = WEFT_REACH_SHIFT + WEFT_REACH_BITS * (k + 1);
        if (yielding != (((s >> shift) & WEFT_REACH_MAX_LEVEL) == 0)) {
          const uint32_t head = base + (k == 0 ? row * grid.columns : column);
          a.atomic("link state", head, 4);
          state[head] |= k == 0 ? WEFT_LINK_ROW_CHANGED : WEFT_LINK_COLUMN_CHANGED;
        }
      }
    }
  }
  return a.bytes();
}

// update_reach.comp, one dispatch, on the link states `state` (which it updates).
uint64_t reach_bytes(const SolverCore& m, const GridSet& grids, std::vector<uint32_t>& state) {
  AccessCount a;
  for (uint32_t t = 0; t < grids.thread_count(); ++t) {
    const gpu::GridParams& grid = grid_of_thread(a, grids, t);
    const uint32_t node = t - grid.first_thread;
    const uint32_t heads = (node % grid.columns == 0 ? WEFT_LINK_ROW_CHANGED : 0u) |
                           (node / grid.columns == 0 ? WEFT_LINK_COLUMN_CHANGED : 0u);
    if (heads == 0) continue;
    const uint32_t i = grid.first_particle + node;
    a.atomic("link state", i, 4);
    const uint32_t changed = state[i] & heads;
    state[i] &= ~heads;
    // walk(): the line of `nodes` nodes from particle i in steps of `stride`, both ways.
    auto walk = [&](uint32_t nodes, uint32_t stride, uint32_t axis) {
      auto open = [&](uint32_t particle) {
        a.read("link state", particle, 4);
        return link_torn(state[particle], 2 * axis) ||
               stretched(a, m, grid, particle, particle + stride, axis, WEFT_TEAR_YIELD_SHARE);
      };
      auto set_level = [&](uint32_t particle, uint32_t side, uint32_t reach) {
        const uint32_t level = std::min<uint32_t>(std::bit_width(reach), WEFT_REACH_MAX_LEVEL);
        const uint32_t shift = WEFT_REACH_SHIFT + WEFT_REACH_BITS * side;
        a.read("link state", particle, 4);
        if (((state[particle] >> shift) & WEFT_REACH_MAX_LEVEL) == level) return;
        a.atomic("link state", particle, 4);
        state[particle] = (state[particle] & ~(WEFT_REACH_MAX_LEVEL << shift)) | (level << shift);
      };
      uint32_t reach = 0;
      for (uint32_t n = nodes; n-- > 0;) {
        if (n + 1 < nodes) reach = open(i + n * stride) ? 0 : reach + 1;
        set_level(i + n * stride, 2 * axis + 1, reach);
      }
      reach = 0;
      for (uint32_t n = 0; n < nodes; ++n) {
        if (n > 0) reach = open(i + (n - 1) * stride) ? 0 : reach + 1;
        set_level(i + n * stride, 2 * axis, reach);
      }
    };
    if ((changed & WEFT_LINK_ROW_CHANGED) != 0) walk(grid.columns, 1, 0);
    if ((changed & WEFT_LINK_COLUMN_CHANGED) != 0) walk(grid.rows, grid.columns, 1);
  }
  return a.bytes();
}

// The model counts no tear (tears are rare), so the walks run on a cloth at rest, where nothing
// tears or starts to yield.
void expect_tearing_counts_match(const Model& model, uint32_t substeps) {
  const SolverCore m(model);
  ASSERT_NE(m.find<Tearing>(), nullptr);
  const GridSet& grids = m.find<Tearing>()->grids();
  std::vector<uint32_t> state = m.link_state();
  const uint64_t tear = tear_bytes(m, grids, state);
  const uint64_t reach = reach_bytes(m, grids, state);
  EXPECT_EQ(state, m.link_state());
  const std::vector<PassTraffic> traffic = frame_traffic(m, m.current_shape(substeps));
  EXPECT_EQ(traffic_of(traffic, "tear links"), substeps * tear);
  EXPECT_EQ(traffic_of(traffic, "count reach"), substeps * reach);
}

TEST(ModuleTraffic, TearingBytesMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    for (SolverVariant variant : {SolverVariant::general, SolverVariant::grid}) {
      Model curtain = hung_curtain(variant, 0.1f);
      curtain.solver.integrator = integrator;
      expect_tearing_counts_match(curtain, 3);
    }
    // Two tearable grids among ropes and a mesh: the threads search for their grid; the second
    // grid has springs and no bend links.
    Model mixed = mixed_scene(integrator);
    for (GridLayout& grid : mixed.grids)
      grid.break_strain = 0.3f;
    ASSERT_EQ(tearable_grids(mixed).size(), 2u);
    expect_tearing_counts_match(mixed, 2);
  }
}

// cut_links.comp, one dispatch, on the link states `state` (which it updates).
uint64_t cut_bytes(const SolverCore& m, const GridSet& grids, std::vector<uint32_t>& state) {
  AccessCount a;
  const std::vector<gpu::LinkCut>& cuts = m.find<Knife>()->frame_cuts();
  for (uint32_t c = 0; c < cuts.size(); ++c) {
    a.read("cuts", c, sizeof(gpu::LinkCut));
    const gpu::GridParams& grid = grid_of_thread(a, grids, cuts[c].thread);
    const uint32_t node = cuts[c].thread - grid.first_thread;
    a.read("link state", grid.first_particle + node, 4);
    uint32_t other = 0;
    if (link_torn(state[grid.first_particle + node], cuts[c].direction) ||
        !GridSet::neighbour(grid, node % grid.columns, node / grid.columns,
                            kGridDirections[cuts[c].direction], other)) {
      continue;
    }
    walk_tear_link(a, grid, node, cuts[c].direction, other, state);
  }
  return a.bytes();
}

void expect_knife_counts_match(const Model& model, const std::vector<LinkCut>& cuts,
                               uint32_t substeps) {
  SolverCore m(model);
  ASSERT_NE(m.find<Knife>(), nullptr);
  m.cut_links(cuts);
  const FrameShape shape = m.begin_frame(kFrameDt, substeps);
  // The knife's grids are the tearing module's: every grid that can tear.
  const GridSet& grids = m.find<Tearing>()->grids();
  std::vector<uint32_t> state = m.link_state();
  // First in the frame, once: the cuts and the recount of the lines they changed.
  const uint64_t cut = cut_bytes(m, grids, state);
  uint64_t reach = reach_bytes(m, grids, state);
  ASSERT_NE(state, m.link_state());
  // Then every substep's tearing recounts the lines that changed since (none: a cut shear link
  // changes no line's reach).
  for (uint32_t substep = 0; substep < substeps; ++substep) {
    tear_bytes(m, grids, state);
    reach += reach_bytes(m, grids, state);
  }
  const std::vector<PassTraffic> traffic = frame_traffic(m, shape);
  EXPECT_EQ(traffic_of(traffic, "cut links"), cut);
  EXPECT_EQ(traffic_of(traffic, "count reach"), reach);
  m.end_frame();
}

TEST(ModuleTraffic, KnifeBytesMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    Model curtain = hung_curtain(SolverVariant::grid, 0.1f);
    curtain.solver.integrator = integrator;
    const uint32_t columns = kCurtainColumns;
    // A link along a row inside the cloth, one down its first column, a shear link, and the two
    // forward links of one node, each given from its other end.
    expect_knife_counts_match(curtain,
                              {{5 * columns + 7, 0},
                               {3 * columns, 2},
                               {9 * columns + 4, 4},
                               {6 * columns + 11, 1},
                               {7 * columns + 10, 3}},
                              3);
    // A shear link alone: no line to recount.
    expect_knife_counts_match(curtain, {{2 * columns + 3, 6}}, 2);
    // Links of the second of two tearable grids.
    Model mixed = mixed_scene(integrator);
    for (GridLayout& grid : mixed.grids)
      grid.break_strain = 0.3f;
    const uint32_t second = mixed.grids[1].first_particle;
    expect_knife_counts_match(mixed, {{second + 5, 0}, {second + 6, 2}}, 2);
  }
}

}  // namespace
}  // namespace weft::test
