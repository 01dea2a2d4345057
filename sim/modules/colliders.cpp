#include "sim/modules/colliders.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "sim/core/cpu_forces.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

static_assert(sizeof(gpu::CollidePush) == 16);
static_assert(sizeof(gpu::ColliderShape) == 128);
static_assert(offsetof(gpu::ColliderShape, size) == 16);
static_assert(offsetof(gpu::ColliderShape, position_start) == 64);
static_assert(offsetof(gpu::ColliderShape, rotation_end) == 112);

namespace {

// buffers()'s "particle frictions", which a material edit uploads again.
constexpr uint32_t kParticleFrictions = 6;

const PassInfo kCollide{"collision", "collide.comp"};

glm::vec4 quat_to_vec4(const glm::quat& q) {
  return {q.x, q.y, q.z, q.w};
}

uint32_t shape_kind(ColliderShape shape) {
  switch (shape) {
    case ColliderShape::plane: return WEFT_COLLIDER_PLANE;
    case ColliderShape::capsule: return WEFT_COLLIDER_CAPSULE;
    case ColliderShape::box: return WEFT_COLLIDER_BOX;
    case ColliderShape::mesh: return WEFT_COLLIDER_MESH;
  }
  return WEFT_COLLIDER_PLANE;
}

// The shapes' sizes and meshes (their poses come from pose_all).
void pack_shapes(const Environment& env, std::vector<gpu::ColliderShape>& shapes,
                 std::vector<glm::vec4>& corners) {
  shapes.clear();
  corners.clear();
  for (const Collider& c : env.colliders) {
    gpu::ColliderShape s{};
    s.kind = shape_kind(c.shape);
    switch (c.shape) {
      case ColliderShape::plane: break;
      case ColliderShape::capsule: s.size = {c.radius, c.half_length, 0.0f, 0.0f}; break;
      case ColliderShape::box: s.size = glm::vec4(c.half_extents, 0.0f); break;
      case ColliderShape::mesh: {
        s.size = {c.margin, 0.0f, 0.0f, 0.0f};
        s.first_triangle = static_cast<uint32_t>(corners.size() / 3);
        s.triangle_count = static_cast<uint32_t>(c.triangles.size() / 3);
        glm::vec3 lo(c.triangles.empty() ? glm::vec3(0.0f) : c.triangles.front());
        glm::vec3 hi = lo;
        for (const glm::vec3& v : c.triangles) {
          lo = glm::min(lo, v);
          hi = glm::max(hi, v);
          corners.emplace_back(v, 0.0f);
        }
        s.bounds_min = glm::vec4(lo - glm::vec3(c.margin), 0.0f);
        s.bounds_max = glm::vec4(hi + glm::vec3(c.margin), 0.0f);
        break;
      }
    }
    shapes.push_back(s);
  }
}

// A surface's own Coulomb coefficients as collide.comp reads them: (-1, -1) for none, which
// leaves the contact to the other surface's or the environment's.
glm::vec2 packed_friction(const std::optional<ContactFriction>& own) {
  return own ? glm::vec2(own->static_friction, own->kinetic_friction) : glm::vec2(-1.0f);
}

// Each sphere's, then each shape's own Coulomb coefficients.
void pack_frictions(const Environment& env, std::vector<glm::vec2>& frictions) {
  frictions.clear();
  for (const Sphere& s : env.spheres)
    frictions.push_back(packed_friction(s.friction));
  for (const Collider& c : env.colliders)
    frictions.push_back(packed_friction(c.friction));
}

// shaders/collide.comp's contact_mu: a contact's coefficients from the surface's and the
// material's own, in the shader's order.
template <typename Real>
glm::vec<2, Real> contact_mu(const glm::vec<2, Real>& surface, const glm::vec<2, Real>& material,
                             const gpu::SimParams& params) {
  if (surface.x < Real(0)) {
    return material.x < Real(0) ? glm::vec<2, Real>(params.friction.x, params.friction.y)
                                : material;
  }
  if (material.x < Real(0)) return surface;
  return glm::sqrt(surface * material);
}

// q: a unit quaternion (xyz, w): shaders/collide.comp's rotate and unrotate.
template <typename Real>
cpu::vec3<Real> rotate(const cpu::vec4<Real>& q, const cpu::vec3<Real>& v) {
  const cpu::vec3<Real> u(q);
  const cpu::vec3<Real> t = Real(2) * glm::cross(u, v);
  return v + q.w * t + glm::cross(u, t);
}

template <typename Real>
cpu::vec3<Real> unrotate(const cpu::vec4<Real>& q, const cpu::vec3<Real>& v) {
  return rotate(cpu::vec4<Real>(-q.x, -q.y, -q.z, q.w), v);
}

}  // namespace

Colliders::Colliders(const ModuleContext& context)
    : params_(context.params), environment_(context.model.environment) {
  pack_shapes(environment_, shapes_, corners_);
  normals_ = mesh_contact::TriangleNormals(corners_);
  for (const gpu::ColliderShape& shape : shapes_) {
    triangle_grids_.emplace_back(corners_, shape.first_triangle,
                                 shape.kind == WEFT_COLLIDER_MESH ? shape.triangle_count : 0);
  }
  pack_frictions(environment_, frictions_);
  reaches_.assign(params_.particle_count, 0.0f);
  for (const ContactGroup& group : context.model.contact_groups) {
    for (uint32_t k = 0; k < group.particle_count; ++k)
      reaches_[group.first_particle + k] = 0.5f * group.thickness;
  }
  pack_particle_frictions(context.model);
  for (const Sphere& s : environment_.spheres)
    moving_ = moving_ || !s.path.keyframes.empty();
  for (const Collider& c : environment_.colliders)
    moving_ = moving_ || !c.path.keyframes.empty();
  pose_all(0.0, 0.0);
}

void Colliders::pose_all(double start, double end) {
  spheres_.clear();
  sphere_starts_.clear();
  for (const Sphere& sphere : environment_.spheres) {
    const ColliderPose rest{sphere.center};
    sphere_starts_.emplace_back(pose_at(sphere.path, rest, start).position, sphere.radius);
    spheres_.emplace_back(pose_at(sphere.path, rest, end).position, sphere.radius);
  }
  for (size_t k = 0; k < shapes_.size(); ++k) {
    const Collider& c = environment_.colliders[k];
    const ColliderPose a = pose_at(c.path, c.pose, start);
    const ColliderPose b = pose_at(c.path, c.pose, end);
    gpu::ColliderShape& s = shapes_[k];
    s.position_start = glm::vec4(a.position, 0.0f);
    s.position_end = glm::vec4(b.position, 0.0f);
    s.rotation_start = quat_to_vec4(a.rotation);
    // The same rotation as -q: the shorter way between the two.
    glm::vec4 q = quat_to_vec4(b.rotation);
    if (glm::dot(s.rotation_start, q) < 0.0f) q = -q;
    s.rotation_end = q;
  }
}

std::vector<const PassInfo*> Colliders::passes() const {
  return {&kCollide};
}

bool Colliders::active() const {
  return !spheres_.empty() || !shapes_.empty() || params_.ground_mode == WEFT_GROUND_PROJECTION;
}

void Colliders::schedule(Stage stage, const FrameShape& shape, uint32_t substep, uint32_t,
                         std::vector<Step>& steps) const {
  // Before the strain limits, so that a substep ends with the links within their allowance
  // rather than stretched by a push out of a collider (docs/physics.md, "Colliders").
  if (stage != Stage::contact) return;
  Step step = make_step(*this, kCollide, substep);
  gpu::CollidePush push{};
  push.sphere_count = static_cast<uint32_t>(spheres_.size());
  push.shape_count = static_cast<uint32_t>(shapes_.size());
  push.substep = substep;
  push.substeps = shape.substeps;
  step.push = to_push(push);
  steps.push_back(step);
}

void Colliders::pack_particle_frictions(const Model& model) {
  particle_frictions_.assign(params_.particle_count, packed_friction(std::nullopt));
  for (const SurfaceFriction& surface : model.surface_frictions) {
    for (uint32_t k = 0; k < surface.particle_count; ++k)
      particle_frictions_[surface.first_particle + k] = packed_friction(surface.friction);
  }
}

std::vector<ModuleBuffer> Colliders::buffers() const {
  return {{"spheres", spheres_.size() * sizeof(glm::vec4), spheres_.data()},
          {"sphere starts", sphere_starts_.size() * sizeof(glm::vec4), sphere_starts_.data()},
          {"shapes", shapes_.size() * sizeof(gpu::ColliderShape), shapes_.data()},
          {"mesh triangles", corners_.size() * sizeof(glm::vec4), corners_.data()},
          {"reaches", reaches_.size() * sizeof(float), reaches_.data()},
          {"frictions", frictions_.size() * sizeof(glm::vec2), frictions_.data()},
          {"particle frictions", particle_frictions_.size() * sizeof(glm::vec2),
           particle_frictions_.data()}};
}

void Colliders::frame_time(double start, double frame_dt) {
  if (!moving_) return;
  pose_all(start, start + frame_dt);
  uploads_due_ = true;
}

void Colliders::take_updates(std::vector<BufferUpdate>& updates) {
  if (!uploads_due_) return;
  uploads_due_ = false;
  if (!spheres_.empty()) {
    updates.push_back({0, 0, spheres_.size() * sizeof(glm::vec4), spheres_.data()});
    updates.push_back({1, 0, sphere_starts_.size() * sizeof(glm::vec4), sphere_starts_.data()});
  }
  if (!shapes_.empty()) {
    updates.push_back({2, 0, shapes_.size() * sizeof(gpu::ColliderShape), shapes_.data()});
  }
}

// shaders/collide.comp
template <typename Real>
void Colliders::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  const auto push = from_push<gpu::CollidePush>(step.push);
  const Real f0 = Real(float(push.substep) / float(push.substeps));
  const Real f1 = Real(float(push.substep + 1) / float(push.substeps));
  pass.for_each(params.particle_count, [&](uint32_t i) {
    const vec4 p = state.positions[i];
    if (p.w == Real(0)) return;
    vec3 x(p);
    const vec3 x_prev(state.previous[i]);
    const Real reach = reaches_[i];
    bool touched = false;
    vec3 normal(0, 1, 0);
    vec3 carried(0);
    using vec2 = glm::vec<2, Real>;
    const vec2 material(particle_frictions_[i]);
    vec2 mu = contact_mu(vec2(-1), material, params);
    if (params.ground_mode == WEFT_GROUND_PROJECTION && x.y < Real(params.ground.x) + reach) {
      x.y = Real(params.ground.x) + reach;
      touched = true;
    }
    for (uint32_t s = 0; s < push.sphere_count; ++s) {
      const vec4 sphere(spheres_[s]);
      const vec3 start{vec4(sphere_starts_[s])};
      const vec3 c1 = start + (vec3(sphere) - start) * f1;
      const vec3 d = x - c1;
      const Real dist = glm::length(d);
      if (dist < sphere.w + reach) {
        normal = dist > Real(0) ? d / dist : vec3(0, 1, 0);
        x = c1 + normal * (sphere.w + reach);
        carried = c1 - (start + (vec3(sphere) - start) * f0);
        mu = contact_mu(vec2(frictions_[s]), material, params);
        touched = true;
      }
    }
    for (uint32_t k = 0; k < push.shape_count; ++k) {
      const gpu::ColliderShape& s = shapes_[k];
      const vec3 ps(vec4(s.position_start));
      const vec3 pe(vec4(s.position_end));
      const vec4 qs(s.rotation_start);
      const vec4 qe(s.rotation_end);
      const vec3 p0 = ps + (pe - ps) * f0;
      const vec3 p1 = ps + (pe - ps) * f1;
      const vec4 q0 = glm::normalize(qs + (qe - qs) * f0);
      const vec4 q1 = glm::normalize(qs + (qe - qs) * f1);
      vec3 local = unrotate(q1, x - p1);
      vec3 n_local(0, 1, 0);
      bool hit = false;
      const vec4 size(s.size);
      if (s.kind == WEFT_COLLIDER_PLANE) {
        if (local.y < reach) {
          local.y = reach;
          hit = true;
        }
      } else if (s.kind == WEFT_COLLIDER_CAPSULE) {
        const vec3 axis(Real(0), glm::clamp(local.y, -size.y, size.y), Real(0));
        const vec3 d = local - axis;
        const Real dist = glm::length(d);
        if (dist < size.x + reach) {
          n_local = dist > Real(0) ? d / dist : vec3(1, 0, 0);
          local = axis + n_local * (size.x + reach);
          hit = true;
        }
      } else if (s.kind == WEFT_COLLIDER_BOX) {
        // The box grown by the particle's reach, its edges and corners rounded: a particle is a
        // ball of that radius, and it touches an edge or a corner at its reach from it.
        const vec3 half(size);
        const vec3 q = glm::abs(local) - half;
        if (q.x <= Real(0) && q.y <= Real(0) && q.z <= Real(0)) {  // inside: out the nearest face
          const int axis = q.x > q.y ? (q.x > q.z ? 0 : 2) : (q.y > q.z ? 1 : 2);
          n_local = vec3(0);
          n_local[axis] = local[axis] < Real(0) ? Real(-1) : Real(1);
          local[axis] = n_local[axis] * (half[axis] + reach);
          hit = true;
        } else {
          const vec3 nearest = glm::clamp(local, -half, half);
          const vec3 d = local - nearest;
          const Real dist = glm::length(d);
          if (dist < reach) {
            n_local = d / dist;
            local = nearest + n_local * reach;
            hit = true;
          }
        }
      } else {
        hit = mesh_contact::collide_mesh(s, corners_, normals_.in<Real>(), triangle_grids_[k],
                                         reach, local, unrotate(q0, x_prev - p0), n_local);
      }
      if (hit) {
        x = p1 + rotate(q1, local);
        normal = rotate(q1, n_local);
        carried = x - (p0 + rotate(q0, local));
        mu = contact_mu(vec2(frictions_[push.sphere_count + k]), material, params);
        touched = true;
      }
    }
    if (!touched) return;
    const vec3 moved = x - x_prev - carried;
    vec3 tangential = moved - glm::dot(moved, normal) * normal;
    // Coulomb, as the shader: the contact's push along the normal bounds what friction may take.
    const Real pushed = std::max(glm::dot(x - vec3(p), normal), Real(0));
    const Real slide = glm::length(tangential);
    if (slide > Real(0)) {
      if (slide <= mu.x * pushed) {
        x -= tangential;  // static: held where it touched
        tangential = vec3(0);
      } else {
        const vec3 kept = tangential * (Real(1) - std::min(mu.y * pushed / slide, Real(1)));
        x -= tangential - kept;
        tangential = kept;
      }
    }
    x -= Real(params.contact_friction) * tangential;
    state.positions[i] = vec4(x, p.w);
    if (!cpu::integrator_is_verlet(params)) {
      state.velocities[i] += vec4((x - vec3(p)) / Real(params.dt), Real(0));
    }
  });
}

uint64_t Colliders::bytes(const Step&, const TrafficContext& context) const {
  // Every particle reads its x; a free one also its x_prev, its reach and its material's friction,
  // and every collider (once per dispatch: the threads share them), a mesh's triangles too (read
  // where a particle comes within its bounds: counted as read). A particle in contact also reads
  // the collider's friction and writes its x (Euler: reads and writes its v), but contacts are not
  // known ahead: counted as none.
  uint64_t bytes = 0;
  bool free = false;
  for (uint32_t i = 0; i < params_.particle_count; ++i) {
    bytes += 16;
    if (context.pinned(i)) continue;
    bytes += 16 + 4 + 8;
    free = true;
  }
  if (!free) return bytes;
  return bytes + (spheres_.size() + sphere_starts_.size() + corners_.size()) * sizeof(glm::vec4) +
         shapes_.size() * sizeof(gpu::ColliderShape);
}

std::vector<uint32_t> Colliders::apply_edit(const Model& model, const SolverPaths&,
                                            EditScope scope) {
  if (scope == EditScope::materials) {
    // A material edit: its cloth's own friction (ContactGroup::friction).
    pack_particle_frictions(model);
    return {kParticleFrictions};
  }
  const Environment& edited = model.environment;
  if (edited.spheres.size() != environment_.spheres.size()) {
    throw ModelError("a live edit cannot change the number of spheres (" +
                     std::to_string(environment_.spheres.size()) + " running, " +
                     std::to_string(edited.spheres.size()) + " edited); rebuild the simulation " +
                     "instead");
  }
  if (edited.colliders.size() != environment_.colliders.size()) {
    throw ModelError("a live edit cannot change the number of colliders (" +
                     std::to_string(environment_.colliders.size()) + " running, " +
                     std::to_string(edited.colliders.size()) + " edited); rebuild the " +
                     "simulation instead");
  }
  // Sizes and rest poses may change; meshes keep their triangles.
  for (size_t k = 0; k < edited.colliders.size(); ++k) {
    if (edited.colliders[k].shape != environment_.colliders[k].shape ||
        edited.colliders[k].triangles.size() != environment_.colliders[k].triangles.size()) {
      throw ModelError(
          "a live edit cannot change a collider's shape; rebuild the simulation "
          "instead");
    }
  }
  environment_.spheres = edited.spheres;
  environment_.colliders = edited.colliders;
  environment_.static_friction = edited.static_friction;
  environment_.kinetic_friction = edited.kinetic_friction;
  pack_frictions(environment_, frictions_);
  std::vector<gpu::ColliderShape> shapes;
  pack_shapes(environment_, shapes, corners_);
  for (size_t k = 0; k < shapes.size(); ++k) {  // keep the frame's poses
    shapes[k].position_start = shapes_[k].position_start;
    shapes[k].position_end = shapes_[k].position_end;
    shapes[k].rotation_start = shapes_[k].rotation_start;
    shapes[k].rotation_end = shapes_[k].rotation_end;
  }
  shapes_ = std::move(shapes);
  // A collider that does not move sits where the edit puts it.
  for (size_t s = 0; s < environment_.spheres.size(); ++s) {
    if (environment_.spheres[s].path.keyframes.empty()) {
      spheres_[s] = glm::vec4(environment_.spheres[s].center, environment_.spheres[s].radius);
      sphere_starts_[s] = spheres_[s];
    } else {
      spheres_[s].w = sphere_starts_[s].w = environment_.spheres[s].radius;
    }
  }
  for (size_t k = 0; k < shapes_.size(); ++k) {
    const Collider& c = environment_.colliders[k];
    if (!c.path.keyframes.empty()) continue;
    shapes_[k].position_start = shapes_[k].position_end = glm::vec4(c.pose.position, 0.0f);
    shapes_[k].rotation_start = shapes_[k].rotation_end = quat_to_vec4(c.pose.rotation);
  }
  return {0, 1, 2, 3, 5};
}

}  // namespace weft
