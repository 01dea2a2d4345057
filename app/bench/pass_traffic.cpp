#include "app/bench/pass_traffic.h"

#include <algorithm>
#include <vector>

#include "sim/grid_layout.h"
#include "sim/packed_model.h"

namespace weft {

namespace {

constexpr uint64_t kVec4 = 16;
constexpr uint64_t kFloat = 4;
constexpr uint64_t kIndex = 4;

}  // namespace

namespace {

// The grid path's counts: links come from the layout, not from lists.
void count_grid(const PackedModel& model, TrafficInputs& inputs) {
  const uint32_t n = model.particle_count();
  auto pinned = [&](uint32_t i) { return model.positions[i].w == 0.0f; };
  std::vector<bool> velocity_read(n, false);
  for (uint32_t i = 0; i < n; ++i) {
    velocity_read[i] = !pinned(i);
    inputs.pinned += pinned(i);
  }
  for_each_grid_link(*model.grid, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t) {
    const LinkKind k = grid_material(*model.grid, kind).kind;
    if (has_spring(k)) {
      // A moving end gathers the other end's velocity.
      if (!pinned(a)) velocity_read[b] = true;
      if (!pinned(b)) velocity_read[a] = true;
    }
    inputs.constraints += has_constraint(k);
  });
  inputs.velocities_read =
      static_cast<uint64_t>(std::count(velocity_read.begin(), velocity_read.end(), true));
  inputs.grid_path = true;
  inputs.grid_lambdas = model.grid_params.uses_lambdas != 0;
}

// The passes both paths share: integration, anchors and collision.
void add_shared_passes(const TrafficInputs& in, std::vector<PassTraffic>& traffic) {
  const uint64_t moving = in.particles - in.pinned;
  const uint64_t s = in.substeps;
  const uint32_t per_substep = static_cast<uint32_t>(s);
  // Moving: read x, x_prev, force (Euler: and v); write x, x_prev (Euler: and v). Pinned: read x.
  const uint64_t update = (in.integrator == WEFT_INTEGRATOR_VERLET ? 5 : 6) * kVec4;
  traffic.push_back({timer_section(Pass::integrate, in.integrator), per_substep,
                     s * (moving * update + in.pinned * kVec4)});
  if (in.anchors > 0) {
    traffic.push_back({timer_section(Pass::drive_anchors, in.integrator), per_substep,
                       s * in.anchors * (sizeof(gpu::Anchor) + 4 * kVec4)});
  }
}

void add_collision_pass(const TrafficInputs& in, std::vector<PassTraffic>& traffic) {
  if (!in.collisions) return;
  traffic.push_back({timer_section(Pass::collide, in.integrator),
                     static_cast<uint32_t>(in.substeps), in.substeps * in.particles * kVec4});
}

}  // namespace

TrafficInputs TrafficInputs::of(const PackedModel& model, uint32_t substeps) {
  TrafficInputs inputs;
  const uint32_t n = model.particle_count();
  inputs.particles = n;
  inputs.anchors = model.params.anchor_count;  // the active ones: not the idle drag slot
  inputs.substeps = substeps;
  inputs.sweeps = model.frame_shape(substeps, false).relaxation_sweeps;
  inputs.integrator = model.params.integrator;
  inputs.collisions = model.has_collisions();
  if (model.grid_path) {
    count_grid(model, inputs);
    return inputs;
  }
  auto pinned = [&](uint32_t i) { return model.positions[i].w == 0.0f; };
  std::vector<bool> velocity_read(n, false);
  for (uint32_t i = 0; i < n; ++i) {
    if (pinned(i)) {
      ++inputs.pinned;
      continue;
    }
    // Offset i + 1 is also particle i + 1's first: count it once.
    inputs.offsets_read += (i == 0 || pinned(i - 1)) ? 2 : 1;
    velocity_read[i] = true;
    for (uint32_t k = model.springs.offsets[i]; k < model.springs.offsets[i + 1]; ++k) {
      velocity_read[model.springs.refs[k].other] = true;
      ++inputs.moving_spring_refs;
    }
  }
  inputs.velocities_read =
      static_cast<uint64_t>(std::count(velocity_read.begin(), velocity_read.end(), true));
  inputs.constraints = model.constraints.constraints.size();
  for (const gpu::DistanceConstraint& c : model.constraints.constraints)
    if (pinned(c.a) && pinned(c.b)) ++inputs.inert_constraints;
  inputs.colours = model.constraints.color_count();
  return inputs;
}

std::string timer_section(Pass pass, uint32_t integrator) {
  if (pass != Pass::integrate) return pass_name(pass);
  // As GpuSolver labels the pass (sim/gpu_solver.cpp).
  if (integrator == WEFT_INTEGRATOR_VERLET) return "Verlet update";
  if (integrator == WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER) return "semi-implicit Euler update";
  return "explicit Euler update";
}

std::vector<PassTraffic> general_solver_traffic(const TrafficInputs& in) {
  const bool verlet = in.integrator == WEFT_INTEGRATOR_VERLET;
  const uint64_t s = in.substeps;
  const uint32_t per_substep = static_cast<uint32_t>(s);
  std::vector<PassTraffic> traffic;

  traffic.push_back({kFrameUpdatesSection, 0, sizeof(gpu::SimParams)});

  // Every particle reads x and writes its force (zero when pinned); moving ones also read their
  // CSR offsets (shared with the next particle), their refs, and their own and each neighbour's
  // velocity (x_prev for Verlet), whose x is already counted.
  const uint64_t force = in.particles * 2 * kVec4 + in.velocities_read * kVec4 +
                         in.offsets_read * kIndex + in.moving_spring_refs * sizeof(gpu::SpringRef);
  traffic.push_back(
      {timer_section(Pass::accumulate_forces, in.integrator), per_substep, s * force});

  add_shared_passes(in, traffic);

  if (in.sweeps > 0 && in.constraints > 0) {
    // Read the constraint and both x, write lambda; unless both ends are pinned, write both x
    // (Euler: also read and write both v).
    const uint64_t reads = sizeof(gpu::DistanceConstraint) + 2 * kVec4;
    const uint64_t moves = 2 * kVec4 + (verlet ? 0 : 4 * kVec4);
    const uint64_t per_sweep =
        in.constraints * (reads + kFloat) + (in.constraints - in.inert_constraints) * moves;
    // The first sweep of a substep restarts lambda instead of reading it.
    const uint64_t lambda_reads = in.constraints * uint64_t{in.sweeps - 1} * kFloat;
    traffic.push_back({timer_section(Pass::relax_distance, in.integrator),
                       static_cast<uint32_t>(s * in.sweeps * in.colours),
                       s * (in.sweeps * per_sweep + lambda_reads)});
  }

  add_collision_pass(in, traffic);
  return traffic;
}

std::vector<PassTraffic> grid_solver_traffic(const TrafficInputs& in) {
  const bool verlet = in.integrator == WEFT_INTEGRATOR_VERLET;
  const uint64_t s = in.substeps;
  const uint32_t per_substep = static_cast<uint32_t>(s);
  std::vector<PassTraffic> traffic;

  traffic.push_back({kFrameUpdatesSection, 0, sizeof(gpu::SimParams)});

  // Every particle reads x and writes its force; the velocities (x_prev for Verlet) of moving
  // particles and of their spring neighbours are read once each. No lists: neighbours by index.
  const uint64_t force = in.particles * 2 * kVec4 + in.velocities_read * kVec4;
  traffic.push_back(
      {timer_section(Pass::grid_accumulate_forces, in.integrator), per_substep, s * force});

  add_shared_passes(in, traffic);

  if (in.sweeps > 0 && in.constraints > 0) {
    // Every particle reads x from one buffer and writes x' to the other (Euler: and v).
    const uint64_t per_sweep =
        in.particles * (verlet ? 2 : 4) * kVec4 + (in.grid_lambdas ? in.constraints * kFloat : 0);
    const uint64_t lambda_reads =
        in.grid_lambdas ? in.constraints * uint64_t{in.sweeps - 1} * kFloat : 0;
    // An odd number of sweeps leaves the result in scratch: one copy back per substep.
    const uint64_t copy_back =
        in.sweeps % 2 == 1
            ? 2 * (in.particles * kVec4 +
                   (in.grid_lambdas ? in.particles * WEFT_GRID_LAMBDAS_PER_PARTICLE * kFloat : 0))
            : 0;
    traffic.push_back({timer_section(Pass::relax_grid_jacobi, in.integrator),
                       static_cast<uint32_t>(s * in.sweeps),
                       s * (in.sweeps * per_sweep + lambda_reads + copy_back)});
  }

  add_collision_pass(in, traffic);
  return traffic;
}

uint64_t minimum_frame_bytes(const TrafficInputs& in) {
  return uint64_t{in.substeps} * in.particles * (4 * kVec4 + in.sweeps * 2 * kVec4);
}

}  // namespace weft
