// Bytes each GPU pass moves per frame, counted from the data layout (each module's
// bytes(), next to its CPU mirror of the shader), so that a measured time becomes a bandwidth
// and can be compared with the copy bandwidth of the same device.
//
// The count is of unique bytes per dispatch: every element a dispatch reads or writes counts
// once, as if reads of shared data (a neighbour's position in the force gather) hit the cache.
// So it is a lower bound on the DRAM traffic of the pass: achieved bandwidth above the copy
// bandwidth means the cache served some of it (small grids), far below means the pass is not
// limited by bandwidth, or re-reads what the count assumes is cached. Each relaxation colour is
// its own dispatch and counts its particles again: that is the price of colouring.
//
// Per particle, vec4 = 16 B, for example (the modules' bytes() have every case):
//   force accumulation  read x (16), x_prev or v (16), 2 offsets (~4), R refs (16 R);
//                       write force (16)                           Verlet, 12 refs: 244 B
//   grid force          read x, x_prev or v (32), write force (16): Verlet 48 B
//   Verlet update       read x, x_prev, force; write x, x_prev (80); pinned: read x (16)
//   relaxation, per constraint per sweep: read constraint (16), lambda (4, not on the sweep
//                       that restarts it), x_a, x_b (32); write lambda (4), x_a, x_b (32)
//   grid Jacobi sweep   read x, write x' into the other buffer (32)
//   collision           read x (16); free: also x_prev, reach, friction (44)
//   frame updates       the parameter block written by vkCmdUpdateBuffer
#pragma once

#include <cstdint>
#include <vector>

#include "sim/core/pass_info.h"
#include "sim/core/solver_module.h"

namespace weft {

class SolverCore;

struct PassTraffic {
  const PassInfo* pass = nullptr;  // as the timer keys it
  uint32_t dispatches = 0;         // per frame
  uint64_t bytes = 0;              // per frame
};

// Every pass a frame of this shape runs, in timer order, with its dispatches and bytes; the
// frame's updates come first.
std::vector<PassTraffic> frame_traffic(const SolverCore& core, const FrameShape& shape);

// The least any solver must move per frame: per substep, integration reads and writes x and
// x_prev (or v) once (64 B per particle) and each relaxation sweep reads and writes x once
// (32 B).
uint64_t minimum_frame_bytes(uint64_t particles, uint32_t substeps, uint32_t sweeps);

}  // namespace weft
