#include "tests/support/grid_pass_walks.h"

#include <gtest/gtest.h>

#include "sim/model/grid_layout.h"
#include "sim/modules/grid_bending.h"
#include "sim/modules/strain_limits.h"
#include "sim/modules/tethers.h"
#include "tests/support/access_count.h"

namespace weft::test {

bool is_pinned(const SolverCore& m, uint32_t i) {
  return m.positions()[i].w == 0.0f;
}
bool verlet(const SolverCore& m) {
  return m.params().integrator == WEFT_INTEGRATOR_VERLET;
}

// particle_bindings.glsl's velocity_of().
void read_velocity(AccessCount& a, const SolverCore& m, uint32_t i) {
  if (verlet(m)) {
    a.read("positions", i, 16);
    a.read("previous", i, 16);
  } else {
    a.read("velocities", i, 16);
  }
}

void walk_integration(AccessCount& a, const SolverCore& m, uint32_t i, bool environment) {
  a.read("positions", i, 16);
  if (is_pinned(m, i)) return;
  if (environment) {
    read_velocity(a, m, i);
  } else {
    a.read("forces", i, 16);
  }
  if (verlet(m)) a.read("previous", i, 16);
  a.read("velocities", i, 16);  // Verlet: what rounding owes the step
  a.write("velocities", i, 16);
  a.write("previous", i, 16);
  a.write("positions", i, 16);
}

bool has_traffic(const std::vector<PassTraffic>& traffic, const std::string& name) {
  for (const PassTraffic& t : traffic)
    if (t.pass->name == name && t.dispatches > 0) return true;
  return false;
}

namespace {

// limit_strain.comp, one pass (one dispatch) as scheduled (`push`): the first of two reads the
// positions and writes the scratch buffer, the second the other way round; after self-collision
// (push.settles) each also moves the previous position.
uint64_t strain_limit_bytes(const SolverCore& m, const gpu::StrainLimitsPush& push) {
  AccessCount a;
  const StrainLimits& limits = *m.find<StrainLimits>();
  const GridSet& grids = limits.grids();
  const bool second = push.read_scratch != 0u;
  for (uint32_t g = 0; g < grids.grid_count(); ++g) {
    const gpu::GridParams& grid = grids.params()[g];
    a.read("grids", g, sizeof(gpu::GridParams));
    a.read("scales", g, 8);
    auto read_source = [&](uint32_t node) {
      if (second) {
        a.read("scratch", grid.first_thread + node, 16);
      } else {
        a.read("positions", grid.first_particle + node, 16);
      }
    };
    for (uint32_t node = 0; node < grid.columns * grid.rows; ++node) {
      read_source(node);
      const uint32_t column = node % grid.columns, row = node / grid.columns;
      if (!is_pinned(m, grid.first_particle + node)) {
        const uint32_t first = limits.scales()[g].y > 0.0f ? 1 : 2;  // 0: neighbours not held
        for (uint32_t apart = first; apart < grid.columns; apart *= 2) {
          if (column >= apart) read_source(node - apart);
          if (column + apart < grid.columns) read_source(node + apart);
        }
        for (uint32_t apart = first; apart < grid.rows; apart *= 2) {
          if (row >= apart) read_source(node - apart * grid.columns);
          if (row + apart < grid.rows) read_source(node + apart * grid.columns);
        }
      }
      if (second) {
        a.write("positions", grid.first_particle + node, 16);
      } else {
        a.write("scratch", grid.first_thread + node, 16);
      }
      if (push.settles != 0u) {
        a.read("previous", grid.first_particle + node, 16);
        a.write("previous", grid.first_particle + node, 16);
      } else if (!verlet(m)) {
        a.read("velocities", grid.first_particle + node, 16);
        a.write("velocities", grid.first_particle + node, 16);
      }
    }
  }
  return a.bytes();
}

// What both walks of a line (shaders/bending_walk.glsl, stretch_walk.glsl) do at every node of
// every line of one axis: read the grid (in `grids_buffer`), the node's x and, where the grid
// tears, its link state; `factors(node slot)` adds what each keeps per node; a free node's x is
// written (Euler: its v read and written too).
template <typename Grid, typename Factors>
void walk_lines(AccessCount& a, const SolverCore& m, const char* grids_buffer,
                const std::vector<Grid>& grids, bool rows, const Factors& factors) {
  for (size_t g = 0; g < grids.size(); ++g) {
    const Grid& grid = grids[g];
    const uint32_t lines = rows ? grid.rows : grid.columns;
    const uint32_t length = rows ? grid.columns : grid.rows;
    a.read(grids_buffer, g, sizeof(Grid));
    for (uint32_t line = 0; line < lines; ++line) {
      for (uint32_t i = 0; i < length; ++i) {
        const uint32_t node = rows ? line * grid.columns + i : i * grid.columns + line;
        const uint32_t particle = grid.first_particle + node;
        a.read("positions", particle, 16);
        if (grid.tears) a.read("link state", particle, 4);
        factors(grid.first_node + node);
        if (is_pinned(m, particle)) continue;
        a.write("positions", particle, 16);
        if (!verlet(m)) {
          a.read("velocities", particle, 16);
          a.write("velocities", particle, 16);
        }
      }
    }
  }
}

// Along rows, where `integrate` says (WEFT_BEND_INTEGRATE_*), every particle's integration step.
void walk_integration_in_lines(AccessCount& a, const SolverCore& m, uint32_t axis,
                               uint32_t integrate) {
  if (axis != WEFT_BEND_ALONG_ROWS || integrate == WEFT_BEND_INTEGRATE_NONE) return;
  for (uint32_t i = 0; i < m.particle_count(); ++i)
    walk_integration(a, m, i, integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
}

// A bending walk: per node its elimination's factors and beta, written forward and read back.
void walk_bending_lines(AccessCount& a, const SolverCore& m, const BendingLines& lines,
                        uint32_t axis) {
  walk_lines(a, m, "bending grids", lines.grids(), axis == WEFT_BEND_ALONG_ROWS,
             [&](uint32_t slot) {
               a.write("bending factors", slot, 16);
               a.write("betas", slot, 4);
               a.read("bending factors", slot, 16);
               a.read("betas", slot, 4);
             });
}

// A stretch walk: per link its pivot, right-hand side and coupling, written forward and read
// back, and its multiplier where the owning module keeps them.
void walk_stretch_lines(AccessCount& a, const SolverCore& m, const StretchLines& lines,
                        uint32_t axis) {
  const bool rows = axis == WEFT_STRETCH_ALONG_ROWS;
  walk_lines(a, m, "stretch grids", lines.grids(), rows, [&](uint32_t slot) {
    a.write("stretch factors", slot, 8);
    a.write("couplings", slot, 4);
    a.read("stretch factors", slot, 8);
    a.read("couplings", slot, 4);
    if (!lines.keeps_multipliers()) return;
    a.read("slots", slot, 8);
    const uint32_t multiplier = rows ? lines.slots()[slot].x : lines.slots()[slot].y;
    if (multiplier != WEFT_STRETCH_NO_SLOT) a.write("lambdas", multiplier, 4);
  });
}

// bend_grid_lines.comp, one dispatch per axis.
uint64_t grid_bending_bytes(const SolverCore& m, uint32_t axis, uint32_t integrate) {
  AccessCount a;
  walk_integration_in_lines(a, m, axis, integrate);
  walk_bending_lines(a, m, m.find<GridBending>()->lines(), axis);
  return a.bytes();
}

// solve_grid_lines.comp, one dispatch per axis: both walks of every line, in one count (what the
// stretch reads after the bending wrote it is counted once).
uint64_t line_solves_bytes(const SolverCore& m, const LineSolves& lines, uint32_t axis,
                           uint32_t integrate) {
  AccessCount a;
  walk_integration_in_lines(a, m, axis, integrate);
  walk_bending_lines(a, m, lines.bending(), axis);
  walk_stretch_lines(a, m, lines.stretch(), axis);
  return a.bytes();
}

// The integration step the pass along rows takes, as the frame's shape says.
uint32_t integration_in_lines(const FrameShape& shape) {
  if (!shape.integration_in_lines) return WEFT_BEND_INTEGRATE_NONE;
  return shape.environment_in_integration ? WEFT_BEND_INTEGRATE_ENVIRONMENT
                                          : WEFT_BEND_INTEGRATE_FORCES;
}

// relax_tethers.comp, one dispatch, as scheduled (`push`).
uint64_t tether_bytes(const SolverCore& m, const gpu::TethersPush& push) {
  AccessCount a;
  const std::vector<gpu::Tether>& tethers = m.find<Tethers>()->tethers();
  for (uint32_t i = 0; i < push.particle_count; ++i) {
    a.read("tethers", i, sizeof(gpu::Tether));
    const gpu::Tether& tether = tethers[i];
    if (tether.pin0 == WEFT_TETHER_NONE) continue;
    if (push.tears != 0u) {
      a.read("link state", i, 4);
      a.read("give way", i, 4);
    }
    a.read("positions", i, 16);
    for (uint32_t pin : {tether.pin0, tether.pin1}) {
      if (pin != WEFT_TETHER_NONE) a.read("positions", pin, 16);
    }
    // Written where a tether is taut, which depends on where the cloth is: counted always.
    a.write("positions", i, 16);
    if (!verlet(m)) {
      a.read("velocities", i, 16);
      a.write("velocities", i, 16);
    }
  }
  return a.bytes();
}

}  // namespace

void expect_tether_counts_match(const SolverCore& m, const FrameShape& shape,
                                const std::vector<PassTraffic>& traffic) {
  if (!m.find<Tethers>()) return;
  uint64_t bytes = 0;
  for (const Step& step : m.build_schedule(shape)) {
    if (step.pass->name == std::string("tethers")) {
      // The push constants as recorded (the module fills them in then).
      bytes += tether_bytes(m, from_push<gpu::TethersPush>(m.module(step.module).push(step)));
    }
  }
  EXPECT_EQ(traffic_of(traffic, "tethers"), bytes);
  EXPECT_GT(bytes, 0u) << "the tethers should run in every substep";
}

void expect_line_solve_counts_match(const SolverCore& m, const LineSolves& lines,
                                    const FrameShape& shape,
                                    const std::vector<PassTraffic>& traffic) {
  if (lines.empty()) return;
  const uint32_t integrate =
      lines.nodes() == m.particle_count() ? integration_in_lines(shape) : WEFT_BEND_INTEGRATE_NONE;
  EXPECT_EQ(traffic_of(traffic, "bending and stretch along lines"),
            shape.substeps * (line_solves_bytes(m, lines, WEFT_STRETCH_ALONG_ROWS, integrate) +
                              line_solves_bytes(m, lines, WEFT_STRETCH_ALONG_COLUMNS, integrate)));
}

void expect_grid_bending_counts_match(const SolverCore& m, const FrameShape& shape,
                                      const std::vector<PassTraffic>& traffic) {
  if (!m.find<GridBending>()) return;
  const uint32_t integrate = integration_in_lines(shape);
  EXPECT_EQ(traffic_of(traffic, "grid bending"),
            shape.substeps * (grid_bending_bytes(m, WEFT_BEND_ALONG_ROWS, integrate) +
                              grid_bending_bytes(m, WEFT_BEND_ALONG_COLUMNS, integrate)));
}

void expect_strain_limit_counts_match(const SolverCore& m, const FrameShape& shape,
                                      const std::vector<PassTraffic>& traffic) {
  if (!m.find<StrainLimits>()) return;
  uint64_t bytes = 0;
  for (const Step& step : m.build_schedule(shape)) {
    if (step.pass->name == std::string("strain limits"))
      bytes += strain_limit_bytes(m, from_push<gpu::StrainLimitsPush>(step.push));
  }
  EXPECT_EQ(traffic_of(traffic, "strain limits"), bytes);
  EXPECT_GT(bytes, 0u) << "the strain limits should run in every substep";
}

uint64_t traffic_of(const std::vector<PassTraffic>& traffic, const std::string& name) {
  for (const PassTraffic& t : traffic)
    if (t.pass->name == name) return t.bytes;
  ADD_FAILURE() << "no traffic for '" << name << "'";
  return 0;
}

}  // namespace weft::test
