#include "sim/modules/strain_limits.h"

#include <algorithm>
#include <cstddef>

#include "sim/core/cpu_forces.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/modules/self_collision.h"

namespace weft {

static_assert(sizeof(gpu::StrainLimitsPush) == 16);

namespace {

const PassInfo kLimit{"strain limits", "limit_strain.comp"};

constexpr uint32_t kGrids = WEFT_STRAIN_LIMITS_BINDING_GRIDS;
constexpr uint32_t kScales = WEFT_STRAIN_LIMITS_BINDING_SCALES;
constexpr uint32_t kScratch = WEFT_STRAIN_LIMITS_BINDING_SCRATCH;

std::vector<size_t> limited_grids(const Model& model) {
  std::vector<size_t> grids;
  for (size_t g = 0; g < model.grids.size(); ++g) {
    if (tether_group_holding(model, model.grids[g])) grids.push_back(g);
  }
  return grids;
}

}  // namespace

StrainLimits::StrainLimits(const ModuleContext& context)
    : grids_(context.model, limited_grids(context.model)),
      after_self_collision_(self_collision_runs(context.model)) {
  pack_scales(context.model);
}

void StrainLimits::pack_scales(const Model& model) {
  scales_.clear();
  for (const GridLayout& grid : grids_.layouts()) {
    const TetherGroup* group = tether_group_holding(model, grid);
    if (!group) {
      throw ModelError(
          "a live edit cannot remove a cloth's strain limits; rebuild the "
          "simulation instead");
    }
    scales_.push_back({group->scale, group->link_scale});
  }
}

std::vector<uint32_t> StrainLimits::apply_edit(const Model& model, const SolverPaths&,
                                               EditScope scope) {
  if (scope != EditScope::materials) return {};
  pack_scales(model);
  return {kScales};
}

std::vector<const PassInfo*> StrainLimits::passes() const {
  return {&kLimit};
}

void StrainLimits::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                            std::vector<Step>& steps) const {
  // Parts 0 and 1: after the tethers; 2 and 3: again after self-collision.
  uint32_t first_part = 0;
  if (stage == Stage::after_self_collision && after_self_collision_) {
    first_part = WEFT_STRAIN_LIMIT_PASSES;
  } else if (stage != Stage::after_project) {
    return;
  }
  for (uint32_t pass = 0; pass < WEFT_STRAIN_LIMIT_PASSES; ++pass) {
    Step step = make_step(*this, kLimit, substep, 0, first_part + pass);
    gpu::StrainLimitsPush push{};
    push.thread_count = grids_.thread_count();
    push.grid_count = grids_.grid_count();
    push.read_scratch = pass % 2;
    step.push = to_push(push);
    steps.push_back(std::move(step));
  }
}

std::vector<ModuleBuffer> StrainLimits::buffers() const {
  std::vector<ModuleBuffer> buffers(3);
  buffers[kGrids] = {"grids", grids_.params().size() * sizeof(gpu::GridParams),
                     grids_.params().data()};
  buffers[kScales] = {"scales", scales_.size() * sizeof(glm::vec2), scales_.data()};
  buffers[kScratch] = {"scratch positions", uint64_t{grids_.thread_count()} * 16, nullptr};
  return buffers;
}

// shaders/limit_strain.comp. The CPU has no scratch buffer: every pass gathers every node's pulls
// from the positions as the previous pass left them, then writes them all back, which is what
// the GPU's alternation amounts to.
template <typename Real>
void StrainLimits::run_cpu(const Step& /*step*/, CpuPass<Real>& pass) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  ParticleState<Real>& state = pass.state;
  std::vector<vec4> limited(grids_.thread_count());
  pass.for_each(grids_.thread_count(), [&](uint32_t t) {
    const uint32_t g = grids_.grid_of_thread(t);
    const gpu::GridParams& grid = grids_.params()[g];
    const uint32_t node = t - grid.first_thread;
    const vec4 p = state.positions[grid.first_particle + node];
    const uint32_t column = node % grid.columns;
    const uint32_t row = node / grid.columns;
    const uint32_t links =
        grid.break_strain > 0.0f ? state.link_state[grid.first_particle + node] : 0xffffffffu;
    vec3 pulls(0);
    Real sizes = 0;
    Real squares = 0;
    if (p.w > Real(0)) {
      for (uint32_t axis = 0; axis < 2; ++axis) {
        const uint32_t along = axis == 0 ? column : row;
        const uint32_t nodes = axis == 0 ? grid.columns : grid.rows;
        const uint32_t stride = axis == 0 ? 1u : grid.columns;
        const uint32_t first = scales_[g].y > 0.0f ? 1 : 2;
        uint32_t level = first;
        for (uint32_t apart = first; apart < nodes; apart *= 2, ++level) {
          const float scale = apart == 1 ? scales_[g].y : scales_[g].x;
          const Real limit =
              Real(scale * float(apart) * grid.rest_lengths[static_cast<glm::length_t>(axis)]);
          const Real clearly_within = limit * limit * Real(WEFT_STRAIN_LIMITS_CLEARLY_WITHIN);
          for (uint32_t side = 0; side < 2; ++side) {
            if (side == 0 ? along < apart : along + apart >= nodes) continue;
            if (reach_level_of(links, 2 * axis + side) <
                std::min<uint32_t>(level, WEFT_REACH_MAX_LEVEL)) {
              continue;
            }
            const uint32_t other = side == 0 ? node - apart * stride : node + apart * stride;
            const vec4 q = state.positions[grid.first_particle + other];
            const vec3 d = vec3(p) - vec3(q);
            if (glm::dot(d, d) < clearly_within) continue;  // most pairs: no square root
            const Real distance = glm::length(d);
            if (distance <= limit) continue;
            const Real size = (distance - limit) * p.w / (p.w + q.w);
            pulls -= (size / distance) * d;
            sizes += size;
            squares += size * size;
          }
        }
      }
    }
    const vec3 x = sizes > Real(0) ? vec3(p) + pulls * (squares / sizes / sizes) : vec3(p);
    limited[t] = vec4(x, p.w);
    if (!cpu::integrator_is_verlet(pass.params)) {
      state.velocities[grid.first_particle + node] +=
          vec4((x - vec3(p)) / Real(pass.params.dt), Real(0));
    }
  });
  pass.for_each(grids_.thread_count(), [&](uint32_t t) {
    const gpu::GridParams& grid = grids_.params()[grids_.grid_of_thread(t)];
    state.positions[grid.first_particle + (t - grid.first_thread)] = limited[t];
  });
}

uint64_t StrainLimits::bytes(const Step&, const TrafficContext& context) const {
  // Every node reads its x from one buffer and writes it to the other (Euler: and reads and
  // writes v). The partners' positions are the same array read by neighbouring threads, which the
  // cache serves: not counted, as in the grid path's sweeps.
  const bool verlet = context.integrator == WEFT_INTEGRATOR_VERLET;
  return uint64_t{grids_.thread_count()} * (verlet ? 2 : 4) * 16 +
         grids_.params().size() * (sizeof(gpu::GridParams) + sizeof(glm::vec2));
}

}  // namespace weft
