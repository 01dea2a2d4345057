// The traffic tests' independent walks of the passes both solver paths share on cloth (the strain
// limits, the tethers and the line solves of bending and stretch), and what the walks of every pass
// need: which particles are pinned, how a velocity is read, a pass's modelled bytes. Each walk
// visits every load and store its shader makes, element by element (access_count.h), and the
// expect_* functions compare a frame's modelled bytes (app/bench/pass_traffic.h) with it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/bench/pass_traffic.h"
#include "sim/modules/line_solves.h"
#include "sim/core/solver_core.h"
#include "tests/support/access_count.h"

namespace weft::test {

bool is_pinned(const SolverCore& m, uint32_t i);
bool verlet(const SolverCore& m);
// particle_bindings.glsl's velocity_of().
void read_velocity(AccessCount& a, const SolverCore& m, uint32_t i);
// integration.glsl's step of particle i (its force computed there where `environment`).
void walk_integration(AccessCount& a, const SolverCore& m, uint32_t i, bool environment);
// Whether the frame's traffic has a pass of this name.
bool has_traffic(const std::vector<PassTraffic>& traffic, const std::string& name);
// The modelled bytes per frame of the pass of this name (a test failure if there is none).
uint64_t traffic_of(const std::vector<PassTraffic>& traffic, const std::string& name);

// The frame's modelled bytes of these passes equal their walks (nothing is checked where the
// model has no such pass): every strain limit step of a frame of this shape.
void expect_strain_limit_counts_match(const SolverCore& m, const FrameShape& shape,
                                      const std::vector<PassTraffic>& traffic);
// The pass along rows also integrates where the shape says so.
void expect_grid_bending_counts_match(const SolverCore& m, const FrameShape& shape,
                                      const std::vector<PassTraffic>& traffic);
// Every tether step of a frame of this shape.
void expect_tether_counts_match(const SolverCore& m, const FrameShape& shape,
                                const std::vector<PassTraffic>& traffic);
// Both walks of every line, in each substep; the pass along rows also integrates where the shape
// says so and the lines hold every particle.
void expect_line_solve_counts_match(const SolverCore& m, const LineSolves& lines,
                                    const FrameShape& shape,
                                    const std::vector<PassTraffic>& traffic);

}  // namespace weft::test
