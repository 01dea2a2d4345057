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

// limit_strain.comp, one pass (one dispatch): the first reads the positions and writes the
// scratch buffer, the second the other way round.
uint64_t strain_limit_bytes(const SolverCore& m, uint32_t pass) {
  AccessCount a;
  const StrainLimits& limits = *m.find<StrainLimits>();
  const GridSet& grids = limits.grids();
  const bool second = pass % 2 == 1;
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
      if (!verlet(m)) {
        a.read("velocities", grid.first_particle + node, 16);
        a.write("velocities", grid.first_particle + node, 16);
      }
    }
  }
  return a.bytes();
}

// What both line solves (bend_grid_lines.comp, stretch_grid_lines.comp) do at every node of
// every line of one axis: read the grid, the node's x and, where the grid tears, its link state;
// `factors(grid, node slot)` adds what each keeps per node; a free node's x is written (Euler:
// its v read and written too).
template <typename Grid, typename Factors>
void walk_lines(AccessCount& a, const SolverCore& m, const std::vector<Grid>& grids, bool rows,
                const Factors& factors) {
  for (size_t g = 0; g < grids.size(); ++g) {
    const Grid& grid = grids[g];
    const uint32_t lines = rows ? grid.rows : grid.columns;
    const uint32_t length = rows ? grid.columns : grid.rows;
    a.read("grids", g, sizeof(Grid));
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

// bend_grid_lines.comp, one dispatch per axis: per node its elimination's factors and beta,
// written forward and read back; along rows, where `integrate` says, every particle's integration
// step (WEFT_BEND_INTEGRATE_*).
uint64_t grid_bending_bytes(const SolverCore& m, uint32_t axis, uint32_t integrate) {
  AccessCount a;
  if (axis == WEFT_BEND_ALONG_ROWS && integrate != WEFT_BEND_INTEGRATE_NONE) {
    for (uint32_t i = 0; i < m.particle_count(); ++i)
      walk_integration(a, m, i, integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);
  }
  walk_lines(a, m, m.find<GridBending>()->grids(), axis == WEFT_BEND_ALONG_ROWS,
             [&](uint32_t slot) {
               a.write("factors", slot, 16);
               a.write("betas", slot, 4);
               a.read("factors", slot, 16);
               a.read("betas", slot, 4);
             });
  return a.bytes();
}

// stretch_grid_lines.comp, one dispatch per axis: per link its pivot, right-hand side and
// coupling, written forward and read back, and its multiplier where the owning module keeps them.
uint64_t stretch_lines_bytes(const SolverCore& m, const StretchLines& lines, uint32_t axis) {
  AccessCount a;
  const bool rows = axis == WEFT_STRETCH_ALONG_ROWS;
  walk_lines(a, m, lines.grids(), rows, [&](uint32_t slot) {
    a.write("factors", slot, 8);
    a.write("couplings", slot, 4);
    a.read("factors", slot, 8);
    a.read("couplings", slot, 4);
    if (!lines.keeps_multipliers()) return;
    a.read("slots", slot, 8);
    const uint32_t multiplier = rows ? lines.slots()[slot].x : lines.slots()[slot].y;
    if (multiplier != WEFT_STRETCH_NO_SLOT) a.write("lambdas", multiplier, 4);
  });
  return a.bytes();
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

void expect_stretch_lines_counts_match(const SolverCore& m, const StretchLines& lines,
                                       const std::vector<PassTraffic>& traffic, uint32_t substeps) {
  if (lines.empty()) return;
  EXPECT_EQ(traffic_of(traffic, "stretch along lines"),
            substeps * (stretch_lines_bytes(m, lines, WEFT_STRETCH_ALONG_ROWS) +
                        stretch_lines_bytes(m, lines, WEFT_STRETCH_ALONG_COLUMNS)));
}

void expect_grid_bending_counts_match(const SolverCore& m, const FrameShape& shape,
                                      const std::vector<PassTraffic>& traffic) {
  if (!m.find<GridBending>()) return;
  uint32_t integrate = WEFT_BEND_INTEGRATE_NONE;
  if (shape.integration_in_bending) {
    integrate = shape.environment_in_integration ? WEFT_BEND_INTEGRATE_ENVIRONMENT
                                                 : WEFT_BEND_INTEGRATE_FORCES;
  }
  EXPECT_EQ(traffic_of(traffic, "grid bending"),
            shape.substeps * (grid_bending_bytes(m, WEFT_BEND_ALONG_ROWS, integrate) +
                              grid_bending_bytes(m, WEFT_BEND_ALONG_COLUMNS, integrate)));
}

void expect_strain_limit_counts_match(const SolverCore& m, const std::vector<PassTraffic>& traffic,
                                      uint32_t substeps) {
  if (!m.find<StrainLimits>()) return;
  EXPECT_EQ(traffic_of(traffic, "strain limits"),
            substeps * (strain_limit_bytes(m, 0) + strain_limit_bytes(m, 1)));
}

uint64_t traffic_of(const std::vector<PassTraffic>& traffic, const std::string& name) {
  for (const PassTraffic& t : traffic)
    if (t.pass->name == name) return t.bytes;
  ADD_FAILURE() << "no traffic for '" << name << "'";
  return 0;
}

}  // namespace weft::test
