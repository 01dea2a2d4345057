// The cloth `weft bench` measures: a 2 m x 2 m grid hanging from two corners, of cotton in
// physical units, or with springs on every link and distance constraints on some (bench_options.h),
// gravity and air drag, no colliders; self-collision when asked. Its particle count is known
// before it is built, so that a grid too large for the device is refused without spending memory
// on it.
#pragma once

#include <string>

#include "app/bench/bench_options.h"
#include "sim/gpu/gpu_footprint.h"
#include "sim/model/model.h"

namespace weft {

struct BenchSceneSettings {
  GridSize grid;
  uint32_t substeps = 16;
  uint32_t sweeps = 8;
  Integrator integrator = Integrator::verlet;
  BenchConstraints constraints = BenchConstraints::material;
  // general: the cloth lists its links; grid: it does not (the grid path needs no lists, and
  // 8192 x 8192 could not hold them).
  SolverVariant variant = SolverVariant::general;
  // Self-collision on, with a thickness of the grid's spacing (--self-collision).
  bool self_collision = false;
};

Model make_bench_cloth(const BenchSceneSettings& settings);

// The particle state the solver would allocate for the cloth, from its size alone: a lower bound
// of what it needs, enough to refuse a grid far too large before building it.
std::vector<GpuBufferSize> bench_cloth_particle_buffers(const BenchSceneSettings& settings);

struct BenchClothLinks {
  uint64_t springs = 0;
  uint64_t constraints = 0;
};
BenchClothLinks count_bench_cloth_links(const BenchSceneSettings& settings);

// One line saying what was measured (printed and written into every report).
std::string describe_bench_cloth(const BenchSceneSettings& settings);

}  // namespace weft
