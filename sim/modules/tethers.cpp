#include "sim/modules/tethers.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <vector>

#include "sim/core/cpu_forces.h"
#include "sim/model/link_state.h"
#include "sim/model/model_error.h"
#include "sim/model/model.h"
#include "sim/modules/tearing.h"

namespace weft {

static_assert(sizeof(gpu::Tether) == 16);
static_assert(offsetof(gpu::Tether, max_length0) == 8);
static_assert(sizeof(gpu::TethersPush) == 16);
static_assert(sizeof(gpu::TetherCheckPush) == 16);

namespace {

const PassInfo kCheck{"check tethers", "check_tethers.comp"};
const PassInfo kRelax{"tethers", "relax_tethers.comp"};

constexpr uint32_t kGrids = WEFT_TETHERS_BINDING_GRIDS;
constexpr uint32_t kTethers = WEFT_TETHERS_BINDING_TETHERS;
constexpr uint32_t kChecked = WEFT_TETHERS_BINDING_CHECKED;
constexpr uint32_t kGiveWay = WEFT_TETHERS_BINDING_GIVE_WAY;

// The grids that tear and lie within a tether group: those whose tethers follow their tears.
std::vector<size_t> tearing_grids_with_tethers(const Model& model) {
  std::vector<size_t> grids;
  for (size_t g : tearable_grids(model)) {
    if (tether_group_holding(model, model.grids[g])) grids.push_back(g);
  }
  return grids;
}

// The reaches of a particle's two tethers, at rest distances a and b from pins w apart. Between
// the pins each allowance over its rest distance is the scale's, e = scale - 1, times the other's
// share: a (1 + e b / (a + b)) and b (1 + e a / (a + b)). Why: a particle with both tethers taut
// lies on the circle where their spheres meet. On the straight line between two pins W apart (the
// top edge of a cloth hung from two corners, a + b = W) that circle's radius is
// sqrt(2 a b (a e_a + b e_b) / W) for allowances e_a and e_b, and gravity pulls the edge onto it.
// With e on both it is sqrt(2 e a b): a sag that drops like the square root of the distance from
// a pin, steeper the nearer the pin, and the edge along it is stretched by about e W / (4 a):
// past 1% within 25 e W of a pin (7.5 cm of a 2 m cotton cloth, 38 links at 1024 x 1024), which
// the links' sweeps cannot undo so far from their ends. Shared this way it is 2 sqrt(e) a b / W:
// a parabola, stretched by 2 e at most (at the pins), with 1/sqrt(2) of the sag at the middle.
// Away from that line the pins pull from ever nearer directions, and a particle below a row of
// pins (a cloth hung by its edge) has its two nearest pins side by side above it: shared there,
// its tethers held the cloth at about 0.6 of its allowance, stiffer than its material. So the
// share is weighted by how far apart the pins are as the particle sees them, (1 - cos) / 2 of the
// angle between them: the whole share on the line between the pins, none for pins in the same
// direction. Each allowance is at most e.
void share_slack(float a, float b, float w, float scale, gpu::Tether& tether) {
  if (a <= 0.0f || b <= 0.0f) return;
  const float e = scale - 1.0f;
  const float cosine = (a * a + b * b - w * w) / (2.0f * a * b);
  const float between = std::clamp(0.5f * (1.0f - cosine), 0.0f, 1.0f);
  tether.max_length0 = a * (1.0f + e * (1.0f - between * a / (a + b)));
  tether.max_length1 = b * (1.0f + e * (1.0f - between * b / (a + b)));
}

// The grid direction (sim/model/grid_layout.h) of a step by (dc, dr), each -1, 0 or 1, not both 0.
uint32_t direction_of(int dc, int dr) {
  uint32_t direction = 0;
  for (uint32_t k = 0; k < 8; ++k) {
    if (kGridDirections[k].column_offset == dc && kGridDirections[k].row_offset == dr) {
      direction = k;
    }
  }
  return direction;
}

}  // namespace

Tethers::Tethers(const ModuleContext& context)
    : params_(context.params),
      tearing_grids_(context.model, tearing_grids_with_tethers(context.model)) {
  for (const TetherGroup& group : context.model.tether_groups)
    groups_.emplace_back(context.model, group);
  measure_give_way(context.model);
  attach(context.model.inverse_masses);
  // The GPU's buffers start as packed: these tethers, and a count of 0 checked, which is how many
  // links a cloth at rest has torn.
  checked_torn_links_ = 0;
  dirty_ = false;
}

void Tethers::measure_give_way(const Model& model) {
  // A tether of a cloth that tears lets go where the cloth along it would break.
  give_way_.assign(model.particle_count(), 0.0f);
  for (const TetherGroup& group : model.tether_groups) {
    const GridLayout* grid = tearable_grid_of(model, group.first_particle);
    if (!grid) continue;
    for (uint32_t k = 0; k < group.particle_count; ++k)
      give_way_[group.first_particle + k] = (1.0f + grid->break_strain) / group.scale;
  }
}

std::vector<uint32_t> Tethers::apply_edit(const Model& model, const SolverPaths&, EditScope scope) {
  if (scope != EditScope::materials) return {};
  if (model.tether_groups.size() != groups_.size()) {
    throw ModelError("a live edit cannot add or remove tethers; rebuild the simulation instead");
  }
  for (size_t g = 0; g < groups_.size(); ++g)
    groups_[g].rescale(model.tether_groups[g]);
  measure_give_way(model);
  attach(model.inverse_masses);  // uploaded by take_updates
  return {};
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
        // A cloth that tears keeps the whole scale on both (its give-way is a share of it).
        if (give_way_[i] == 0.0f)
          share_slack(
              pins[k][0].distance, pins[k][1].distance,
              glm::distance(shape.rest_position(tether.pin0), shape.rest_position(tether.pin1)),
              group.scale, tether);
      }
    }
  }
  // New tethers may cross tears the old ones did not: check them at the next substep.
  checked_torn_links_ = WEFT_TETHERS_UNCHECKED;
  dirty_ = true;
}

void Tethers::pins_changed(const std::vector<float>& inverse_masses) {
  attach(inverse_masses);
}

std::vector<const PassInfo*> Tethers::passes() const {
  if (tearing_grids_.empty()) return {&kRelax};
  return {&kCheck, &kRelax};
}

void Tethers::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                       std::vector<Step>& steps) const {
  if (stage != Stage::after_project) return;
  if (!tearing_grids_.empty()) {
    Step check = make_step(*this, kCheck, substep);
    // The count of torn links it checked against, for the next substep's check to compare with.
    check.copies.push_back({{true, WEFT_BINDING_HEALTH},
                            {false, kChecked},
                            offsetof(gpu::Health, torn_links),
                            0,
                            sizeof(uint32_t)});
    steps.push_back(std::move(check));
  }
  steps.push_back(make_step(*this, kRelax, substep));
}

uint32_t Tethers::threads(const Step& step) const {
  return step.pass == &kCheck ? tearing_grids_.thread_count() : params_.particle_count;
}

PushConstants Tethers::push(const Step& step) const {
  if (step.pass == &kCheck) {
    gpu::TetherCheckPush push{};
    push.thread_count = tearing_grids_.thread_count();
    push.grid_count = tearing_grids_.grid_count();
    return to_push(push);
  }
  gpu::TethersPush push{};
  push.particle_count = params_.particle_count;
  push.tears = tearing_grids_.empty() ? 0u : 1u;
  return to_push(push);
}

std::vector<ModuleBuffer> Tethers::buffers() const {
  std::vector<ModuleBuffer> buffers(4);
  buffers[kGrids] = {"tearing grids", tearing_grids_.params().size() * sizeof(gpu::GridParams),
                     tearing_grids_.params().data()};
  buffers[kTethers] = {"tethers", tethers_.size() * sizeof(gpu::Tether), tethers_.data()};
  buffers[kChecked] = {"torn links checked", sizeof(uint32_t), nullptr};
  // Read only where a cloth tears: one float will do elsewhere.
  buffers[kGiveWay] = {"give-way factors",
                       tearing_grids_.empty() ? sizeof(float) : give_way_.size() * sizeof(float),
                       give_way_.data()};
  return buffers;
}

void Tethers::take_updates(std::vector<BufferUpdate>& updates) {
  if (!dirty_) return;
  static constexpr uint32_t kUnchecked = WEFT_TETHERS_UNCHECKED;
  updates.push_back({kTethers, 0, tethers_.size() * sizeof(gpu::Tether), tethers_.data()});
  updates.push_back({kChecked, 0, sizeof(uint32_t), &kUnchecked});
  dirty_ = false;
}

template <typename Real>
void Tethers::run_cpu(const Step& step, CpuPass<Real>& pass) const {
  if (step.pass == &kCheck) {
    check(pass);
  } else {
    relax(pass);
  }
}

// shaders/check_tethers.comp. The GPU copies the count of torn links into its buffer after the
// dispatch; the CPU keeps it in the module.
template <typename Real>
void Tethers::check(CpuPass<Real>& pass) const {
  std::vector<uint32_t>& state = pass.state.link_state;
  if (checked_torn_links_ == pass.state.torn_links) return;
  for (uint32_t t = 0; t < tearing_grids_.thread_count(); ++t) {
    const gpu::GridParams& grid = tearing_grids_.params()[tearing_grids_.grid_of_thread(t)];
    auto state_at = [&](int column, int row) {
      return state[grid.first_particle + uint32_t(row) * grid.columns + uint32_t(column)];
    };
    // A diagonal step checks the four edges of its cell: a diagonal alone, which a knife may
    // cut, does not part the cloth.
    auto step_whole = [&](int column, int row, uint32_t direction) {
      if (direction < 4) return !link_torn(state_at(column, row), direction);
      const int left = std::min(column, column + kGridDirections[direction].column_offset);
      const int top = std::min(row, row + kGridDirections[direction].row_offset);
      return !link_torn(state_at(left, top), 0) && !link_torn(state_at(left, top), 2) &&
             !link_torn(state_at(left + 1, top), 2) && !link_torn(state_at(left, top + 1), 0);
    };
    // Bresenham's line from node to pin, one grid step at a time.
    auto path_whole = [&](uint32_t node, uint32_t pin) {
      int column = int(node % grid.columns);
      int row = int(node / grid.columns);
      const int to_column = int(pin % grid.columns);
      const int to_row = int(pin / grid.columns);
      const int columns = std::abs(to_column - column);
      const int rows = std::abs(to_row - row);
      const int steps = std::max(columns, rows);
      int column_error = 0;
      int row_error = 0;
      for (int k = 0; k < steps; ++k) {
        int dc = 0;
        int dr = 0;
        column_error += columns;
        if (2 * column_error >= steps) {
          dc = to_column > column ? 1 : -1;
          column_error -= steps;
        }
        row_error += rows;
        if (2 * row_error >= steps) {
          dr = to_row > row ? 1 : -1;
          row_error -= steps;
        }
        if (!step_whole(column, row, direction_of(dc, dr))) return false;
        column += dc;
        row += dr;
      }
      return true;
    };
    auto cut_bit = [&](uint32_t node, uint32_t pin, uint32_t cut) {
      if (pin == WEFT_TETHER_NONE) return 0u;
      return path_whole(node, pin - grid.first_particle) ? 0u : cut;
    };
    const uint32_t node = t - grid.first_thread;
    const uint32_t i = grid.first_particle + node;
    const gpu::Tether& tether = tethers_[i];
    const uint32_t cut = cut_bit(node, tether.pin0, WEFT_LINK_TETHER_CUT_0) |
                         cut_bit(node, tether.pin1, WEFT_LINK_TETHER_CUT_1);
    state[i] = (state[i] & ~(WEFT_LINK_TETHER_CUT_0 | WEFT_LINK_TETHER_CUT_1)) | cut;
  }
  checked_torn_links_ = pass.state.torn_links;
}

// shaders/relax_tethers.comp
template <typename Real>
void Tethers::relax(CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  ParticleState<Real>& state = pass.state;
  auto attach_to = [&](const vec3& x, uint32_t pin, float max_length) {
    const vec3 anchor(state.positions[pin]);
    const vec3 d = x - anchor;
    const Real len = glm::length(d);
    if (len <= Real(max_length)) return x;
    return anchor + d * (Real(max_length) / len);
  };
  // The point nearest x within reach of both tethers (attach_both in the shader says why).
  auto attach_to_both = [&](const vec3& x, const gpu::Tether& tether) {
    const Real r0 = Real(tether.max_length0);
    const Real r1 = Real(tether.max_length1);
    const vec3 onto0 = attach_to(x, tether.pin0, tether.max_length0);
    const vec3 a(state.positions[tether.pin0]);
    const vec3 b(state.positions[tether.pin1]);
    if (glm::length(onto0 - b) <= r1) return onto0;
    const vec3 onto1 = attach_to(x, tether.pin1, tether.max_length1);
    if (glm::length(onto1 - a) <= r0) return onto1;
    const Real d = glm::length(b - a);
    if (d == Real(0)) return onto1;
    const vec3 axis = (b - a) / d;
    const Real s =
        d > r0 + r1 ? Real(0.5) * (r0 + d - r1) : (d * d + r0 * r0 - r1 * r1) / (Real(2) * d);
    const Real radius = std::sqrt(std::max(r0 * r0 - s * s, Real(0)));
    const vec3 centre = a + axis * s;
    vec3 across = (x - centre) - glm::dot(x - centre, axis) * axis;
    Real len = glm::length(across);
    if (len == Real(0)) {
      across = glm::cross(axis, std::abs(axis.x) < Real(0.9) ? vec3(1, 0, 0) : vec3(0, 1, 0));
      len = glm::length(across);
    }
    return centre + across * (radius / len);
  };
  const bool tears = !tearing_grids_.empty();
  // A particle moves itself only; its pins are pinned, and nothing moves them here.
  pass.for_each(pass.params.particle_count, [&](uint32_t i) {
    const gpu::Tether& tether = tethers_[i];
    if (tether.pin0 == WEFT_TETHER_NONE) return;
    const uint32_t cut = tears ? state.link_state[i] : 0u;
    const vec4 p = state.positions[i];
    vec3 x(p);
    const float give = tears ? give_way_[i] : 0.0f;
    // Whether the tether to `pin` holds the particle: unless it was cut, or the particle is
    // beyond the length it lets go at.
    auto holds = [&](uint32_t pin, float max_length, bool cut_off) {
      if (pin == WEFT_TETHER_NONE || cut_off) return false;
      return give == 0.0f ||
             glm::length(vec3(p) - vec3(state.positions[pin])) <= Real(max_length * give);
    };
    const bool hold0 = holds(tether.pin0, tether.max_length0, (cut & WEFT_LINK_TETHER_CUT_0) != 0);
    const bool hold1 = holds(tether.pin1, tether.max_length1, (cut & WEFT_LINK_TETHER_CUT_1) != 0);
    if (hold0 && hold1) {
      x = attach_to_both(x, tether);
    } else if (hold0) {
      x = attach_to(x, tether.pin0, tether.max_length0);
    } else if (hold1) {
      x = attach_to(x, tether.pin1, tether.max_length1);
    }
    if (x == vec3(p)) return;
    state.positions[i] = vec4(x, p.w);
    if (!cpu::integrator_is_verlet(pass.params)) {
      state.velocities[i] += vec4((x - vec3(p)) / Real(pass.params.dt), Real(0));
    }
  });
}

uint64_t Tethers::bytes(const Step& step, const TrafficContext& context) const {
  if (step.pass == &kCheck) {
    // While nothing tears, every thread reads the two counts (the cache serves them) and stops;
    // the copy moves 4 bytes. Substeps after a tear walk the tethers' paths: not counted.
    return tearing_grids_.params().size() * sizeof(gpu::GridParams) + 3 * sizeof(uint32_t);
  }
  // Every particle reads its tether; a tethered one reads x and its pins' x (a few pins, which
  // the cache serves: counted once each) and writes x (Euler: reads and writes v too), and in a
  // cloth that tears reads its link state and give-way factor.
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  const uint64_t per_tethered = 2 * 16 + (verlet ? 0 : 2 * 16) +
                                (tearing_grids_.empty() ? 0 : sizeof(uint32_t) + sizeof(float));
  uint64_t bytes = tethers_.size() * sizeof(gpu::Tether);
  std::vector<bool> pin_read(tethers_.size(), false);
  for (const gpu::Tether& tether : tethers_) {
    if (tether.pin0 == WEFT_TETHER_NONE) continue;
    bytes += per_tethered;
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
