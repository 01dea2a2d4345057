// Bytes each GPU pass moves per frame, counted from the data layout (shaders/shared_types.h and
// the shaders' loads and stores), so that a measured time becomes a bandwidth and can be compared
// with the copy bandwidth of the same device.
//
// The count is of unique bytes per dispatch: every element a dispatch reads or writes counts
// once, as if reads of shared data (a neighbour's position in the force gather) hit the cache.
// So it is a lower bound on the DRAM traffic of the pass: achieved bandwidth above the copy
// bandwidth means the cache served some of it (small grids), far below means the pass is not
// limited by bandwidth, or re-reads what the count assumes is cached. Each relaxation colour is
// its own dispatch and counts its particles again: that is the price of colouring.
//
// Per particle, with R spring refs per particle, vec4 = 16 B (see pass_traffic.cpp for the code):
//   force accumulation  read x (16), x_prev or v (16), 2 offsets (~4), R refs (16 R);
//                       write force (16)                           Verlet, 12 refs: 244 B
//                       pinned: read x, write force (32), and x_prev or v if a neighbour gathers
//                       from it
//   Verlet update       read x, x_prev, force; write x, x_prev (80); pinned: read x (16)
//   Euler updates       read x, v, force; write x, x_prev, v (96); pinned: read x (16)
//   relaxation, per constraint per sweep: read constraint (16), lambda (4, not on the sweep
//                       that restarts it), x_a, x_b (32); write lambda (4), x_a, x_b (32);
//                       Euler also reads and writes v_a, v_b (64)
//   collision           read x (16), plus x_prev and a write of x for a particle in contact
//                       (contacts are not known ahead: counted as none)
//   anchors             read anchor (32), x (16); write x, x_prev, v (48)
//   frame updates       the parameter block and edits written by vkCmdUpdateBuffer
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/frame_schedule.h"

namespace weft {

struct PackedModel;

// Counts taken from the packed model, so that the byte counts are exact under the cache
// assumption above (tests/bench_traffic_test.cpp checks them against a count of every access).
struct TrafficInputs {
  uint64_t particles = 0;
  uint64_t pinned = 0;              // inverse mass 0: most passes skip them early
  uint64_t moving_spring_refs = 0;  // refs gathered by particles that are not pinned
  uint64_t offsets_read = 0;        // CSR offsets the gather reads (i and i + 1, moving i)
  uint64_t velocities_read = 0;     // particles whose x_prev (or v) the gather reads
  uint64_t constraints = 0;
  uint64_t inert_constraints = 0;  // both ends pinned: the projection writes only lambda
  uint32_t colours = 0;
  uint64_t anchors = 0;
  uint32_t substeps = 1;
  uint32_t sweeps = 0;      // relaxation sweeps per substep that run (0 without constraints)
  uint32_t integrator = 0;  // WEFT_INTEGRATOR_*
  bool collisions = false;
  // Grid path: `constraints` counts the grid's constraint links; their multipliers move only
  // when a kind is compliant.
  bool grid_path = false;
  bool grid_lambdas = false;

  static TrafficInputs of(const PackedModel& model, uint32_t substeps);
};

struct PassTraffic {
  std::string section;      // as PassTimer names it: "force accumulation", "Verlet update", ...
  uint32_t dispatches = 0;  // per frame
  uint64_t bytes = 0;       // per frame
};

// The section GpuSolver times a pass under (all colours and sweeps of the relaxation are one).
std::string timer_section(Pass pass, uint32_t integrator);
// The section holding the per-frame parameter and state edits, before the first pass.
inline constexpr const char* kFrameUpdatesSection = "frame updates";

// The general solver (CSR spring refs, coloured constraints), in timer order.
std::vector<PassTraffic> general_solver_traffic(const TrafficInputs& inputs);

// The grid path (neighbours by index, one Jacobi dispatch per sweep), in timer order. Per
// particle, vec4 = 16 B:
//   force accumulation  read x (16), x_prev or v (16) of itself and of every spring neighbour
//                       (each counted once); write force (16): Verlet 48 B
//   Verlet / Euler update, anchors, collision: as the general path
//   relaxation, per sweep: read x, write x' into the other buffer (32); Euler also reads and
//                       writes v (32); multipliers, when a kind is compliant: read (not on the
//                       sweep that restarts them) and write 4 B per constraint link. An odd
//                       sweep count ends with a copy of the scratch buffers back (read + write).
std::vector<PassTraffic> grid_solver_traffic(const TrafficInputs& inputs);

// The least any solver must move per frame: per substep, integration reads and writes x and
// x_prev (or v) once (64 B per particle) and each relaxation sweep reads and writes x once
// (32 B).
uint64_t minimum_frame_bytes(const TrafficInputs& inputs);

}  // namespace weft
