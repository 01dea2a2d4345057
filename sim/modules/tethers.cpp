#include "sim/modules/tethers.h"

#include <cstddef>

#include "sim/cpu_forces.h"
#include "sim/link_state.h"
#include "sim/model.h"

namespace weft {

static_assert(sizeof(gpu::Tether) == 16);
static_assert(offsetof(gpu::Tether, max_length0) == 8);
static_assert(sizeof(gpu::TethersPush) == 16);

namespace {

const PassInfo kRelax{"tethers", "relax_tethers.comp"};

}  // namespace

Tethers::Tethers(const ModuleContext& context) : params_(context.params) {
  for (const TetherGroup& group : context.model.tether_groups) {
    // A cloth that can tear has none: its rest distances along the cloth to the pins stop
    // holding once it tears (tearing.h).
    if (tearable_grid_of(context.model, group.first_particle)) continue;
    groups_.emplace_back(context.model, group);
  }
  attach(context.model.inverse_masses);
  dirty_ = false;
}

void Tethers::attach(const std::vector<float>& inverse_masses) {
  tethers_.assign(inverse_masses.size(), {WEFT_TETHER_NONE, WEFT_TETHER_NONE, 0.0f, 0.0f});
  for (const RestShape& shape : groups_) {
    const TetherGroup& group = shape.group();
    const std::vector<std::vector<PinDistance>> pins = shape.nearest_pins(inverse_masses, 2);
    for (uint32_t k = 0; k < group.particle_count; ++k) {
      const uint32_t i = group.first_particle + k;
      if (inverse_masses[i] == 0.0f) continue;  // a pin is what others hang from
      gpu::Tether& tether = tethers_[i];
      if (pins[k].size() > 0) {
        tether.pin0 = pins[k][0].pin;
        tether.max_length0 = pins[k][0].distance * group.scale;
      }
      if (pins[k].size() > 1) {
        tether.pin1 = pins[k][1].pin;
        tether.max_length1 = pins[k][1].distance * group.scale;
      }
    }
  }
  dirty_ = true;
}

void Tethers::pins_changed(const std::vector<float>& inverse_masses) {
  attach(inverse_masses);
}

std::vector<const PassInfo*> Tethers::passes() const {
  return {&kRelax};
}

void Tethers::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                       std::vector<Step>& steps) const {
  if (stage == Stage::after_project) steps.push_back(make_step(*this, kRelax, substep));
}

PushConstants Tethers::push(const Step&) const {
  gpu::TethersPush push{};
  push.particle_count = params_.particle_count;
  return to_push(push);
}

std::vector<ModuleBuffer> Tethers::buffers() const {
  return {{"tethers", tethers_.size() * sizeof(gpu::Tether), tethers_.data()}};
}

void Tethers::take_updates(std::vector<BufferUpdate>& updates) {
  if (!dirty_) return;
  updates.push_back({0, 0, tethers_.size() * sizeof(gpu::Tether), tethers_.data()});
  dirty_ = false;
}

// shaders/relax_tethers.comp
template <typename Real>
void Tethers::relax(CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  ParticleState<Real>& state = pass.state;
  auto attach_to = [&](const vec3& x, uint32_t pin, float max_length) {
    if (pin == WEFT_TETHER_NONE) return x;
    const vec3 anchor(state.positions[pin]);
    const vec3 d = x - anchor;
    const Real len = glm::length(d);
    if (len <= Real(max_length)) return x;
    return anchor + d * (Real(max_length) / len);
  };
  for (uint32_t i = 0; i < pass.params.particle_count; ++i) {
    const gpu::Tether& tether = tethers_[i];
    if (tether.pin0 == WEFT_TETHER_NONE) continue;
    const vec4 p = state.positions[i];
    vec3 x = attach_to(vec3(p), tether.pin0, tether.max_length0);
    x = attach_to(x, tether.pin1, tether.max_length1);
    if (x == vec3(p)) continue;
    state.positions[i] = vec4(x, p.w);
    if (!cpu::integrator_is_verlet(pass.params)) {
      state.velocities[i] += vec4((x - vec3(p)) / Real(pass.params.dt), Real(0));
    }
  }
}

uint64_t Tethers::bytes(const Step&, const TrafficContext&) const {
  // Every particle reads its tether; a tethered one reads x and its pins' x (a few pins, which
  // the cache serves: counted once each) and writes x.
  uint64_t bytes = tethers_.size() * sizeof(gpu::Tether);
  std::vector<bool> pin_read(tethers_.size(), false);
  for (const gpu::Tether& tether : tethers_) {
    if (tether.pin0 == WEFT_TETHER_NONE) continue;
    bytes += 2 * 16;
    for (uint32_t pin : {tether.pin0, tether.pin1}) {
      if (pin != WEFT_TETHER_NONE && !pin_read[pin]) {
        pin_read[pin] = true;
        bytes += 16;
      }
    }
  }
  return bytes;
}

}  // namespace weft
