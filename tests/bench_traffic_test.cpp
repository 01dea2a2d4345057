// The pieces of `weft bench` that need no GPU besides its options and statistics: the bench
// cloth's footprint known before it is built (what refuses a grid too large for the device), and
// the bytes per pass of pass_traffic.h checked against an independent count: every load and store
// each shader makes, walked element by element and deduplicated per dispatch.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "app/bench/bench_scene.h"
#include "app/bench/pass_traffic.h"
#include "sim/model/cloth_grid.h"
#include "sim/gpu/gpu_footprint.h"
#include "sim/model/grid_layout.h"
#include "sim/modules/adjacency_springs.h"
#include "sim/modules/anchors.h"
#include "sim/modules/coloured_distance.h"
#include "sim/modules/grid_jacobi.h"
#include "sim/modules/grid_springs.h"
#include "sim/modules/self_collision.h"
#include "sim/core/solver_core.h"
#include "tests/support/access_count.h"
#include "tests/support/grid_pass_walks.h"
#include "tests/support/test_scenes.h"

namespace weft::test {
namespace {

TEST(BenchScene, CountsFromTheGridMatchTheBuiltCloth) {
  for (BenchConstraints constraints :
       {BenchConstraints::material, BenchConstraints::none, BenchConstraints::structural,
        BenchConstraints::structural_and_shear}) {
    for (GridSize grid : {GridSize{2, 2}, GridSize{3, 7}, GridSize{16, 9}})
      for (SolverVariant variant : {SolverVariant::general, SolverVariant::grid}) {
        const BenchSceneSettings settings{grid, 4, 2, Integrator::verlet, constraints, variant};
        const Model model = make_bench_cloth(settings);
        const SolverCore core(model);
        // The particle state counted before building is the built solver's, and a lower bound
        // of all it needs.
        const std::vector<GpuBufferSize> counted = bench_cloth_particle_buffers(settings);
        const std::vector<GpuBufferSize> built = gpu_buffer_sizes(core);
        ASSERT_LE(counted.size(), built.size());
        for (size_t b = 0; b < counted.size(); ++b) {
          EXPECT_EQ(counted[b].name, built[b].name) << grid_name(grid);
          EXPECT_EQ(counted[b].bytes, built[b].bytes) << grid_name(grid);
        }
        EXPECT_LT(total_bytes(counted), total_bytes(built)) << grid_name(grid);
        // The links counted from the grid are those the model describes.
        const BenchClothLinks links = count_bench_cloth_links(settings);
        const ClothGridCounts grid_links = count_cloth_grid(grid.columns, grid.rows);
        // The spring models put a spring on every link; the material has none.
        EXPECT_EQ(links.springs, constraints == BenchConstraints::material
                                     ? 0u
                                     : grid_links.structural + grid_links.shear + grid_links.bend);
        if (variant == SolverVariant::general) {
          EXPECT_EQ(links.springs, model.springs.size()) << grid_name(grid);
          EXPECT_EQ(links.constraints, model.constraints.size()) << grid_name(grid);
        }
      }
  }
}

// accumulate_forces.comp, one dispatch.
uint64_t force_bytes(const SolverCore& m) {
  AccessCount a;
  const AdjacencySprings& springs = *m.find<AdjacencySprings>();
  const SpringAdjacency& adjacency = springs.adjacency();
  for (uint32_t r = 0; r < springs.ranges().size(); ++r)
    a.read("ranges", r, sizeof(gpu::ParticleRange));  // the binary search may visit each
  for (uint32_t t = 0; t + 1 < adjacency.offsets.size(); ++t) {
    const uint32_t i = springs.particle_of_thread(t);
    a.read("positions", i, 16);
    if (is_pinned(m, i)) {
      a.write("forces", i, 16);
      continue;
    }
    read_velocity(a, m, i);
    a.read("spring offsets", t, 4);
    a.read("spring offsets", t + 1, 4);
    for (uint32_t k = adjacency.offsets[t]; k < adjacency.offsets[t + 1]; ++k) {
      a.read("spring refs", k, sizeof(gpu::SpringRef));
      a.read("positions", adjacency.refs[k].other, 16);
      read_velocity(a, m, adjacency.refs[k].other);
    }
    a.write("forces", i, 16);
  }
  return a.bytes();
}

// integrate.comp, one dispatch.
std::string integrate_name(const SolverCore& m) {
  if (m.params().integrator == WEFT_INTEGRATOR_VERLET) return "Verlet update";
  if (m.params().integrator == WEFT_INTEGRATOR_SEMI_IMPLICIT_EULER) {
    return "semi-implicit Euler update";
  }
  return "explicit Euler update";
}

uint64_t integrate_bytes(const SolverCore& m) {
  AccessCount a;
  for (uint32_t i = 0; i < m.particle_count(); ++i)
    walk_integration(a, m, i, false);
  return a.bytes();
}

// The integration pass's bytes, or, where a walk along rows integrates every particle, no such
// pass (line_solves.h, grid_bending.h).
void expect_integration_counts_match(const SolverCore& m, const FrameShape& shape,
                                     const std::vector<PassTraffic>& traffic) {
  if (shape.integration_in_lines) {
    EXPECT_FALSE(has_traffic(traffic, integrate_name(m)));
    return;
  }
  EXPECT_EQ(traffic_of(traffic, integrate_name(m)), shape.substeps * integrate_bytes(m));
}

// relax_distance.comp, one dispatch per colour.
uint64_t relax_colour_bytes(const SolverCore& m, uint32_t colour, bool reset_lambda) {
  AccessCount a;
  const ColoredConstraints& colored = m.find<ColouredDistance>()->colored();
  const auto& offsets = colored.color_offsets;
  // The colour's first links are solved along lines: the sweep that restarts reads theirs.
  const uint32_t solved = m.find<ColouredDistance>()->solved_along_lines()[colour];
  for (uint32_t c = offsets[colour]; c < offsets[colour + 1]; ++c) {
    const gpu::DistanceConstraint& k = colored.constraints[c];
    a.read("constraints", c, 20);
    a.read("positions", k.a, 16);
    a.read("positions", k.b, 16);
    if (!reset_lambda || c - offsets[colour] < solved) a.read("lambdas", c, 4);
    a.write("lambdas", c, 4);
    if (is_pinned(m, k.a) && is_pinned(m, k.b)) continue;
    a.write("positions", k.a, 16);
    a.write("positions", k.b, 16);
    if (!verlet(m)) {
      for (uint32_t i : {k.a, k.b}) {
        a.read("velocities", i, 16);
        a.write("velocities", i, 16);
      }
    }
  }
  return a.bytes();
}

// drive_anchors.comp, one dispatch.
uint64_t anchor_bytes(const SolverCore& m) {
  AccessCount a;
  const Anchors& anchors = *m.find<Anchors>();
  for (uint32_t k = 0; k < anchors.model_anchor_count(); ++k) {  // one thread per active anchor
    const uint32_t i = anchors.anchors()[k].particle;
    a.read("anchors", k, sizeof(gpu::Anchor));
    a.read("positions", i, 16);
    a.write("previous", i, 16);
    a.write("positions", i, 16);
    a.write("velocities", i, 16);
  }
  return a.bytes();
}

// The grid path's neighbours of a node in direction d, as grid_directions.glsl finds them.
bool grid_neighbour(const gpu::GridParams& g, uint32_t node, const GridDirection& d, uint32_t& j) {
  const int c = static_cast<int>(node % g.columns) + d.column_offset;
  const int r = static_cast<int>(node / g.columns) + d.row_offset;
  j = static_cast<uint32_t>(r) * g.columns + static_cast<uint32_t>(c);
  return c >= 0 && c < static_cast<int>(g.columns) && r >= 0 && r < static_cast<int>(g.rows);
}

uint32_t kind_bit(const GridDirection& d) {
  return 1u << static_cast<uint32_t>(d.kind);
}

// grid_accumulate_forces.comp, one dispatch.
uint64_t grid_force_bytes(const SolverCore& m) {
  AccessCount a;
  const GridSet& grids = m.find<GridSprings>()->grids();
  for (uint32_t g = 0; g < grids.grid_count(); ++g) {
    const gpu::GridParams& grid = grids.params()[g];
    a.read("grids", g, sizeof(gpu::GridParams));
    for (uint32_t node = 0; node < grid.columns * grid.rows; ++node) {
      const uint32_t i = grid.first_particle + node;
      a.read("positions", i, 16);
      a.write("forces", i, 16);
      if (is_pinned(m, i)) continue;
      read_velocity(a, m, i);
      for (const GridDirection& d : kGridDirections) {
        uint32_t j = 0;
        if ((grid.spring_kinds & kind_bit(d)) == 0 || !grid_neighbour(grid, node, d, j)) continue;
        a.read("positions", grid.first_particle + j, 16);
        read_velocity(a, m, grid.first_particle + j);
      }
    }
  }
  return a.bytes();
}

// relax_grid_jacobi.comp, one dispatch of `sweeps` sweeps (the `dispatch`th of its substep), and
// the copy back after an odd count. A workgroup loads a square of 24 x 24 nodes and writes its
// middle, which shrinks by a node a side per sweep (two where bend links are constraints); the
// squares overlap, and a node read by several counts once.
uint64_t grid_relax_bytes(const SolverCore& m, uint32_t dispatch, uint32_t sweeps, bool copy_back) {
  AccessCount a;
  const GridJacobi& jacobi = *m.find<GridJacobi>();
  const GridSet& grids = jacobi.grids();
  const bool odd = dispatch % 2 == 1;
  const bool restart = dispatch == 0;
  const bool lambdas = jacobi.lambda_count() > 0;
  bool bend = false;
  for (const gpu::GridParams& grid : grids.params())
    bend = bend || (grid.constraint_kinds & WEFT_GRID_BEND) != 0;
  const int halo = int(sweeps) * (bend ? 2 : 1);
  const int span = 24;
  const int tile = span - 2 * halo;
  for (uint32_t g = 0; g < grids.grid_count(); ++g) {
    const gpu::GridParams& grid = grids.params()[g];
    a.read("grids", g, sizeof(gpu::GridParams));
    const int columns = int(grid.columns), rows = int(grid.rows);
    for (int top = 0; top < rows; top += tile) {
      for (int left = 0; left < columns; left += tile) {
        for (int row = top - halo; row < top - halo + span; ++row) {
          for (int column = left - halo; column < left - halo + span; ++column) {
            if (row < 0 || row >= rows || column < 0 || column >= columns) continue;
            const uint32_t node = uint32_t(row * columns + column);
            // Positions are read from (and written to) the particle buffer by particle, scratch
            // by thread.
            if (odd) {
              a.read("scratch", grid.first_thread + node, 16);
            } else {
              a.read("positions", grid.first_particle + node, 16);
            }
            if (!verlet(m)) a.read("velocities", grid.first_particle + node, 16);
            const bool inside =
                row >= top && row < top + tile && column >= left && column < left + tile;
            for (const GridDirection& d : kGridDirections) {
              uint32_t j = 0;
              if (!d.forward || (grid.constraint_kinds & kind_bit(d)) == 0 ||
                  !grid_neighbour(grid, node, d, j)) {
                continue;
              }
              const uint64_t slot =
                  uint64_t{grid.first_thread + node} * kGridLambdasPerParticle + d.slot;
              // The first sweep reads the multipliers the line solve wrote for structural links.
              const bool from_lines =
                  d.kind == GridLinkKind::structural && grid.structural_solved_along_lines != 0;
              if (lambdas && (!restart || from_lines)) {
                a.read(odd ? "lambdas scratch" : "lambdas", slot, 4);
              }
              if (lambdas && inside) a.write(odd ? "lambdas" : "lambdas scratch", slot, 4);
            }
            if (!inside) continue;
            if (odd) {
              a.write("positions", grid.first_particle + node, 16);
            } else {
              a.write("scratch", grid.first_thread + node, 16);
            }
            if (!verlet(m)) a.write("velocities", grid.first_particle + node, 16);
          }
        }
      }
    }
  }
  uint64_t bytes = a.bytes();
  if (copy_back) {
    bytes += 2 * uint64_t{grids.thread_count()} * 16;
    if (lambdas) bytes += 2 * jacobi.lambda_count() * 4;
  }
  return bytes;
}

void expect_counts_match(const Model& model, uint32_t substeps) {
  const SolverCore m(model);
  const FrameShape shape = m.current_shape(substeps);
  const std::vector<PassTraffic> traffic = frame_traffic(m, shape);
  EXPECT_EQ(traffic_of(traffic, "force accumulation"), substeps * force_bytes(m));
  expect_integration_counts_match(m, shape, traffic);
  if (!model.anchors.empty()) {
    EXPECT_EQ(traffic_of(traffic, "anchors"), substeps * anchor_bytes(m));
  }
  uint64_t relax = 0;
  const uint32_t colours = m.find<ColouredDistance>()->colored().color_count();
  for (uint32_t sweep = 0; sweep < shape.relaxation_sweeps; ++sweep)
    for (uint32_t colour = 0; colour < colours; ++colour)
      relax += relax_colour_bytes(m, colour, sweep == 0);
  ASSERT_GT(relax, 0u);
  EXPECT_EQ(traffic_of(traffic, "constraint relaxation"), substeps * relax);
  expect_line_solve_counts_match(m, m.find<ColouredDistance>()->lines(), shape, traffic);
  expect_tether_counts_match(m, shape, traffic);
  expect_strain_limit_counts_match(m, shape, traffic);
  expect_grid_bending_counts_match(m, shape, traffic);
}

TEST(BenchTraffic, BytesPerPassMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    expect_counts_match(make_bench_cloth({{7, 5}, 3, 2, integrator, BenchConstraints::structural}),
                        3);
    expect_counts_match(
        make_bench_cloth({{4, 6}, 2, 3, integrator, BenchConstraints::structural_and_shear}), 2);
    // Anchors, a sphere and the ground, constraints on every kind of link; tethers and strain
    // limits on its first grid.
    ASSERT_FALSE(cloth_scene(integrator).tether_groups.empty());
    expect_counts_match(cloth_scene(integrator), 4);
    // With self-collision the strain limits run again after it, and move the previous positions.
    ASSERT_TRUE(self_collision_runs(contact_scene(integrator)));
    expect_counts_match(contact_scene(integrator), 2);
    expect_counts_match(rope_scene(integrator), 4);
    // A constraint between two pinned particles, which the projection leaves alone.
    Model pinned_pair;
    pinned_pair.add_particle({0.0f, 0.0f, 0.0f}, 0.0f);
    pinned_pair.add_particle({1.0f, 0.0f, 0.0f}, 0.0f);
    pinned_pair.add_particle({1.0f, -1.0f, 0.0f}, 1.0f);
    pinned_pair.constraints = {{0, 1, 1.0f, 0.0f}, {1, 2, 1.0f, 0.0f}};
    pinned_pair.springs = {{0, 2, 1.4f, 10.0f, 0.1f}};
    pinned_pair.solver.integrator = integrator;
    pinned_pair.solver.relaxation_sweeps = 2;
    expect_counts_match(pinned_pair, 2);
  }
}

void expect_grid_counts_match(const Model& model, uint32_t substeps) {
  const SolverCore m(model);
  ASSERT_NE(m.find<GridSprings>(), nullptr);
  const FrameShape shape = m.current_shape(substeps);
  const std::vector<PassTraffic> traffic = frame_traffic(m, shape);
  EXPECT_EQ(traffic_of(traffic, "force accumulation (grid)"), substeps * grid_force_bytes(m));
  expect_integration_counts_match(m, shape, traffic);
  if (!model.anchors.empty()) {
    EXPECT_EQ(traffic_of(traffic, "anchors"), substeps * anchor_bytes(m));
  }
  uint64_t relax = 0;
  const uint32_t per_dispatch = m.find<GridJacobi>()->sweeps_per_dispatch();
  for (uint32_t first = 0, dispatch = 0; first < shape.relaxation_sweeps;
       first += per_dispatch, ++dispatch) {
    const uint32_t sweeps = std::min(per_dispatch, shape.relaxation_sweeps - first);
    const bool last = first + sweeps == shape.relaxation_sweeps;
    relax += grid_relax_bytes(m, dispatch, sweeps, last && dispatch % 2 == 0);
  }
  ASSERT_GT(relax, 0u);
  EXPECT_EQ(traffic_of(traffic, "constraint relaxation (grid Jacobi)"), substeps * relax);
  expect_line_solve_counts_match(m, m.find<GridJacobi>()->lines(), shape, traffic);
  expect_tether_counts_match(m, shape, traffic);
  expect_strain_limit_counts_match(m, shape, traffic);
  expect_grid_bending_counts_match(m, shape, traffic);
}

TEST(BenchTraffic, GridPathBytesPerPassMatchACountOfEveryShaderAccess) {
  for (Integrator integrator : {Integrator::verlet, Integrator::semi_implicit_euler}) {
    SCOPED_TRACE(std::string(key_of(kIntegratorKeys, integrator)));
    // Even and odd sweep counts (an odd one ends with a copy back), with and without shear.
    expect_grid_counts_match(
        make_bench_cloth(
            {{7, 5}, 3, 2, integrator, BenchConstraints::structural, SolverVariant::grid}),
        3);
    expect_grid_counts_match(make_bench_cloth({{4, 6},
                                               2,
                                               3,
                                               integrator,
                                               BenchConstraints::structural_and_shear,
                                               SolverVariant::grid}),
                             2);
    // Compliant constraints (multipliers), springs, anchors, a sphere and the ground.
    Model cloth = cloth_scene(integrator);
    cloth.solver.variant = SolverVariant::grid;
    expect_grid_counts_match(cloth, 4);
  }
}

TEST(BenchTraffic, MinimumBytesAreOneReadAndWritePerSweep) {
  const SolverCore m(
      make_bench_cloth({{10, 10}, 16, 8, Integrator::verlet, BenchConstraints::none}));
  EXPECT_EQ(m.current_shape(16).relaxation_sweeps, 0u);  // no constraints: the sweeps do not run
  EXPECT_EQ(minimum_frame_bytes(100, 16, 0), 16u * 100u * 64u);
  EXPECT_EQ(minimum_frame_bytes(100, 16, 8), 16u * 100u * (64u + 8u * 32u));
}

}  // namespace
}  // namespace weft::test
