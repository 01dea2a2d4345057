#include "sim/modules/colliders.h"

#include <cstddef>

#include "sim/cpu_forces.h"
#include "sim/model.h"
#include "sim/model_error.h"

namespace weft {

static_assert(sizeof(gpu::CollidePush) == 16);

namespace {

const PassInfo kCollide{"collision", "collide.comp"};

std::vector<glm::vec4> pack_spheres(const Model& model) {
  std::vector<glm::vec4> spheres;
  for (const Sphere& sphere : model.environment.spheres)
    spheres.emplace_back(sphere.center, sphere.radius);
  return spheres;
}

}  // namespace

Colliders::Colliders(const ModuleContext& context)
    : params_(context.params), spheres_(pack_spheres(context.model)) {}

std::vector<const PassInfo*> Colliders::passes() const {
  return {&kCollide};
}

bool Colliders::active() const {
  return !spheres_.empty() || params_.ground_mode == WEFT_GROUND_PROJECTION;
}

void Colliders::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                         std::vector<Step>& steps) const {
  if (stage == Stage::collide) steps.push_back(make_step(*this, kCollide, substep));
}

PushConstants Colliders::push(const Step&) const {
  gpu::CollidePush push{};
  push.sphere_count = static_cast<uint32_t>(spheres_.size());
  return to_push(push);
}

std::vector<ModuleBuffer> Colliders::buffers() const {
  return {{"spheres", spheres_.size() * sizeof(glm::vec4), spheres_.data()}};
}

// shaders/collide.comp
template <typename Real>
void Colliders::collide(CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  const gpu::SimParams& params = pass.params;
  ParticleState<Real>& state = pass.state;
  for (uint32_t i = 0; i < params.particle_count; ++i) {
    const vec4 p = state.positions[i];
    if (p.w == Real(0)) continue;
    vec3 x(p);
    bool touched = false;
    vec3 normal(0, 1, 0);
    if (params.ground_mode == WEFT_GROUND_PROJECTION && x.y < Real(params.ground.x)) {
      x.y = params.ground.x;
      touched = true;
    }
    for (const glm::vec4& s : spheres_) {
      const vec4 sphere(s);
      const vec3 d = x - vec3(sphere);
      const Real dist = glm::length(d);
      if (dist < sphere.w) {
        normal = dist > Real(0) ? d / dist : vec3(0, 1, 0);
        x = vec3(sphere) + normal * sphere.w;
        touched = true;
      }
    }
    if (!touched) continue;
    const vec3 moved = x - vec3(state.previous[i]);
    const vec3 tangential = moved - glm::dot(moved, normal) * normal;
    x -= Real(params.contact_friction) * tangential;
    state.positions[i] = vec4(x, p.w);
    if (!cpu::integrator_is_verlet(params)) {
      state.velocities[i] += vec4((x - vec3(p)) / Real(params.dt), Real(0));
    }
  }
}

uint64_t Colliders::bytes(const Step&, const TrafficContext&) const {
  // Read x; a particle in contact also reads x_prev and writes x, but contacts are not known
  // ahead: counted as none.
  return uint64_t{params_.particle_count} * 16;
}

std::vector<uint32_t> Colliders::apply_edit(const Model& model, const SolverPaths&,
                                            EditScope scope) {
  if (scope != EditScope::parameters) return {};
  std::vector<glm::vec4> edited = pack_spheres(model);
  if (edited.size() != spheres_.size()) {
    throw ModelError("a live edit cannot change the number of spheres (" +
                     std::to_string(spheres_.size()) + " running, " +
                     std::to_string(edited.size()) + " edited); rebuild the simulation instead");
  }
  spheres_ = std::move(edited);
  return {0};
}

}  // namespace weft
