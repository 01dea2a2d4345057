// Tearing (sim/modules/tearing.h, sim/modules/knife.h): a cloth pulled apart by two anchors tears,
// on both solver paths, and the GPU breaks the same links in the same frames as the CPU
// reference; the knife cuts what it is given; a torn cloth's strain limits let the pieces part.
//
// GPU against CPU. A link breaks when its length passes a threshold, so a rounding difference
// could in principle put one link on the other side of it. On lavapipe the GPU agrees with the
// float reference to the bit, so the sets of torn links must be equal, and every particle within
// 1e-5 m (a link that tore in one and not the other moves its ends by centimetres within a
// frame); a real GPU that rounds differently may need the comparison loosened to the links
// within a rounding of their threshold.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/model/grid_layout.h"
#include "sim/model/cloth_material.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/health.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/modules/tearing.h"
#include "sim/modules/tethers.h"
#include "tests/support/state_compare.h"
#include "tests/support/tearing_curtain.h"
#include "tests/support/torn_cloth.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr uint32_t kColumns = kCurtainColumns;
constexpr uint32_t kRows = kCurtainRows;

// Every torn link as (particle, direction) from the end it leads forward from.
std::vector<std::pair<uint32_t, uint32_t>> torn_links(const std::vector<uint32_t>& state) {
  std::vector<std::pair<uint32_t, uint32_t>> torn;
  for (uint32_t i = 0; i < state.size(); ++i) {
    for (uint32_t k = 0; k < 8; k += 2)
      if (link_torn(state[i], k)) torn.emplace_back(i, k);
  }
  return torn;
}

// The reach levels counted again: up to the first torn link, or also up to the first yielding
// one. The first is an upper bound at the end of any substep (the reach is counted after the
// tears, from the positions the sweeps left); the second is exact right after update_reach.
void expect_reach_stops_at(const Model& model, const ParticleState<float>& state,
                           bool counting_yields, bool exact) {
  const GridLayout& grid = model.grids.at(0);
  const gpu::GridParams params = make_grid_params(grid);
  auto at = [&](uint32_t c, uint32_t r) { return grid.first_particle + r * grid.columns + c; };
  auto open = [&](uint32_t a, uint32_t b, uint32_t axis) {
    return link_torn(state.link_state[a], 2 * axis) ||
           (counting_yields && link_yields(params, state.positions, a, b, axis));
  };
  for (uint32_t r = 0; r < grid.rows; ++r) {
    for (uint32_t c = 0; c < grid.columns; ++c) {
      uint32_t right = 0;
      while (c + right + 1 < grid.columns && !open(at(c + right, r), at(c + right + 1, r), 0))
        ++right;
      uint32_t down = 0;
      while (r + down + 1 < grid.rows && !open(at(c, r + down), at(c, r + down + 1), 1))
        ++down;
      const uint32_t s = state.link_state[at(c, r)];
      if (exact) {
        ASSERT_EQ(reach_level_of(s, WEFT_REACH_ROW_HIGHER), reach_level(right))
            << "node (" << c << ", " << r << ")";
        ASSERT_EQ(reach_level_of(s, WEFT_REACH_COLUMN_HIGHER), reach_level(down))
            << "node (" << c << ", " << r << ")";
      } else {
        ASSERT_LE(reach_level_of(s, WEFT_REACH_ROW_HIGHER), reach_level(right))
            << "node (" << c << ", " << r << ")";
        ASSERT_LE(reach_level_of(s, WEFT_REACH_COLUMN_HIGHER), reach_level(down))
            << "node (" << c << ", " << r << ")";
      }
    }
  }
}

// At the end of a frame: no strain limit holds across a torn link.
void expect_reach_stops_at_tears(const Model& model, const ParticleState<float>& state) {
  expect_reach_stops_at(model, state, false, false);
}

std::string path_name(const ::testing::TestParamInfo<SolverVariant>& path) {
  return path.param == SolverVariant::grid ? "grid" : "general";
}

class TearingPaths : public ::testing::TestWithParam<SolverVariant> {};

TEST_P(TearingPaths, ACurtainPulledApartTearsAndItsPiecesPart) {
  const Model model = hung_curtain(GetParam(), 0.25f);
  CpuSolver<float> cpu(model);
  uint32_t first_torn_frame = 0;
  float worst = 0.0f;  // the largest stretch of a whole link at the end of a frame
  for (uint32_t frame = 1; frame <= 240; ++frame) {
    cpu.step_frame();
    const HealthReport health = cpu.measure_health();
    ASSERT_EQ(blow_up_reason(health), std::nullopt) << "frame " << frame;
    worst = std::max(worst, health.largest_stretch);
    if (!first_torn_frame && cpu.state().torn_links > 0) first_torn_frame = frame;
  }
  // 0.25 m/s each way: the corners are 3 m apart after 4 s, far beyond what 1 m of cloth at 10%
  // can span, so it must have torn, and not at once: the cloth gives first.
  ASSERT_GT(first_torn_frame, 3u);
  const std::vector<uint32_t>& state = cpu.state().link_state;
  EXPECT_EQ(cpu.state().torn_links, count_torn_links(model, state));
  EXPECT_EQ(count_torn_links(model, state), torn_links(state).size());
  EXPECT_FALSE(joined(model, state, 0, kColumns - 1)) << "the two pinned corners are still joined";
  expect_reach_stops_at_tears(model, cpu.state());
  // Links are judged after the sweeps; the tethers and strain limits after them may leave a
  // whole link beyond its break strain at the end of a substep (near the tip of a tear, where a
  // node both its tethers still hold is kept within reach of two pins that move apart, and the
  // strain limits then even out around it: 35% on the general path), but not far: the next
  // substep's sweeps share that pull again, and the link breaks if it still gathers there.
  EXPECT_LT(worst, 4.0f * 0.1f);
  // Torn triangles are dropped from what is drawn and exported.
  EXPECT_LT(intact_triangles(model, state).size(), model.triangles.size());
}

INSTANTIATE_TEST_SUITE_P(BothPaths, TearingPaths,
                         ::testing::Values(SolverVariant::general, SolverVariant::grid), path_name);

TEST(Tearing, ACurtainLeftAloneDoesNotTear) {
  CpuSolver<float> cpu(hung_curtain(SolverVariant::general, 0.0f));
  for (uint32_t frame = 0; frame < 60; ++frame) {
    cpu.step_frame();
  }
  EXPECT_EQ(cpu.state().torn_links, 0u);
}

TEST(Tearing, TheKnifeRefusesWhatIsNoLinkOfATearableCloth) {
  CpuSolver<float> cpu(hung_curtain(SolverVariant::general, 0.0f));
  EXPECT_THROW(cpu.cut_links({{0, 8}}), ModelError);                 // a bend direction
  EXPECT_THROW(cpu.cut_links({{0, 1}}), ModelError);                 // off the grid's left edge
  EXPECT_THROW(cpu.cut_links({{kColumns * kRows, 0}}), ModelError);  // no such particle
  Model plain = hung_curtain(SolverVariant::general, 0.0f);
  plain.grids[0].break_strain = 0.0f;
  CpuSolver<float> untearable(plain);
  EXPECT_THROW(untearable.cut_links({{0, 0}}), ModelError);
}

// Cuts every vertical and shear link between two rows, as a knife stroke across the cloth would.
std::vector<LinkCut> cut_across(uint32_t row) {
  std::vector<LinkCut> cuts;
  for (uint32_t c = 0; c < kColumns; ++c) {
    const uint32_t i = row * kColumns + c;
    cuts.push_back({i, 2});                        // down
    if (c + 1 < kColumns) cuts.push_back({i, 4});  // down-right
    if (c > 0) cuts.push_back({i, 6});             // down-left
  }
  return cuts;
}

TEST_P(TearingPaths, AClothCutAcrossDropsItsLowerPiece) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  for (uint32_t frame = 0; frame < 10; ++frame)
    cpu.step_frame();
  cpu.cut_links(cut_across(4));
  cpu.step_frame();
  EXPECT_EQ(cpu.state().torn_links, 3 * kColumns - 2);
  for (uint32_t frame = 0; frame < 30; ++frame)
    cpu.step_frame();
  // Half a second after the cut the lower piece has fallen freely (g t^2 / 2 = 1.2 m); the
  // upper piece still hangs from the pins.
  const float bottom = cpu.state().positions[(kRows - 1) * kColumns].y;
  const float top_row = cpu.state().positions[kColumns / 2].y;
  EXPECT_LT(bottom, 1.5f - 0.75f - 0.8f);
  EXPECT_GT(top_row, 1.5f - 0.1f);
  EXPECT_FALSE(joined(model, cpu.state().link_state, 0, (kRows - 1) * kColumns));
  EXPECT_TRUE(joined(model, cpu.state().link_state, 0, kColumns - 1));
  expect_reach_stops_at_tears(model, cpu.state());
}

// The steps of the tearing module in one substep: the tear pass and the reach count after it.
std::vector<Step> tearing_steps(const SolverCore& core) {
  std::vector<Step> steps;
  const uint32_t module = core.find<Tearing>()->index;
  for (const Step& step : core.build_schedule(core.full_shape(1)))
    if (step.module == module) steps.push_back(step);
  return steps;
}

// Draws the nodes of row `row` from column `first` on sideways by `shift` (m), stretching the one
// row link before them.
void shift_row_end(ParticleState<float>& state, uint32_t row, uint32_t first, float shift) {
  for (uint32_t c = first; c < kColumns; ++c)
    state.positions[row * kColumns + c].x += shift;
}

// A link stretched beyond half its break strain yields: the strain limits' reach stops at it as at
// a torn link, and comes back once it is within half its break strain again; nothing tears.
TEST_P(TearingPaths, ALinkBeyondHalfItsBreakStrainYieldsUntilItIsBack) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  const std::vector<Step> steps = tearing_steps(cpu.core());
  ASSERT_EQ(steps.size(), 2u);
  const float link = 1.0f / (kColumns - 1);
  auto run = [&] {
    for (const Step& step : steps)
      cpu.run_pass(step, model.solver.frame_dt);
  };
  const uint32_t node = 4 * kColumns + 5;  // (5, 4): its link to (6, 4) is drawn to 7%
  shift_row_end(cpu.state(), 4, 6, 0.07f * link);
  run();
  EXPECT_EQ(cpu.state().torn_links, 0u);
  EXPECT_EQ(reach_level_of(cpu.state().link_state[node], WEFT_REACH_ROW_HIGHER), 0u);
  EXPECT_EQ(reach_level_of(cpu.state().link_state[node + 1], WEFT_REACH_ROW_LOWER), 0u);
  EXPECT_EQ(reach_level_of(cpu.state().link_state[node - kColumns], WEFT_REACH_ROW_HIGHER),
            reach_level(kColumns - 1 - 5));  // the row above reaches on
  expect_reach_stops_at(model, cpu.state(), true, true);
  shift_row_end(cpu.state(), 4, 6, -0.04f * link);  // back to 3%
  run();
  EXPECT_EQ(reach_level_of(cpu.state().link_state[node], WEFT_REACH_ROW_HIGHER),
            reach_level(kColumns - 1 - 5));
  EXPECT_EQ(reach_level_of(cpu.state().link_state[node + 1], WEFT_REACH_ROW_LOWER), reach_level(6));
  expect_reach_stops_at(model, cpu.state(), true, true);
  EXPECT_EQ(cpu.state().torn_links, 0u);
}

// A 0.5 m square of cotton that breaks at 6%, weightless, its top row pinned and its bottom row
// anchors moving sideways at 8 cm/s: in a second it shears by 9 degrees, which stretches its
// columns by 1.3% and one diagonal of every cell by 8%.
Model sheared_square(SolverVariant variant) {
  constexpr uint32_t kSide = 8;
  Model model;
  ClothGridDesc cloth;
  cloth.origin = {-0.25f, 1.0f, 0.0f};
  cloth.width_axis = {0.5f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -0.5f, 0.0f};
  cloth.columns = kSide;
  cloth.rows = kSide;
  ClothMaterial material = *find_cloth_material("cotton");
  material.break_strain = 0.06f;
  material.max_stretch.reset();  // no tethers or strain limits: the columns stretch as it shears
  apply_cloth_material(material, cloth);
  for (uint32_t c = 0; c < kSide; ++c) {
    cloth.pinned.push_back(c);
    cloth.pinned.push_back((kSide - 1) * kSide + c);
  }
  const uint32_t first = add_cloth_grid(model, cloth);
  for (uint32_t c = 0; c < kSide; ++c)
    model.anchors.push_back({first + (kSide - 1) * kSide + c, {0.08f, 0.0f, 0.0f}});
  model.environment.gravity = glm::vec3(0.0f);
  model.solver.variant = variant;
  model.solver.substeps = 16;
  model.solver.relaxation_sweeps = 3;
  return model;
}

// Woven cloth shears by tens of degrees without tearing: a shear link stands for that resistance,
// not for a yarn, and breaks only with its cell.
TEST_P(TearingPaths, ClothShearedFarBeyondItsBreakStrainAlongTheDiagonalsDoesNotTear) {
  const Model model = sheared_square(GetParam());
  CpuSolver<float> cpu(model);
  for (uint32_t frame = 0; frame < 60; ++frame)
    cpu.step_frame();
  const GridLayout& grid = model.grids.at(0);
  const float diagonal = glm::length(grid.column_step + grid.row_step);  // at rest
  float diagonal_strain = 0.0f;  // the largest of the down-right diagonals'
  for (uint32_t r = 0; r + 1 < grid.rows; ++r) {
    for (uint32_t c = 0; c + 1 < grid.columns; ++c) {
      const glm::vec3 a(cpu.state().positions[r * grid.columns + c]);
      const glm::vec3 b(cpu.state().positions[(r + 1) * grid.columns + c + 1]);
      diagonal_strain = std::max(diagonal_strain, glm::distance(a, b) / diagonal - 1);
    }
  }
  EXPECT_GT(diagonal_strain, 0.07f);  // beyond the break strain, so a diagonal could have broken
  EXPECT_EQ(cpu.state().torn_links, 0u);
}

// A structural link that breaks opens the two cells beside it: their four diagonals break in the
// same substep, and the diagonals of the cells around them stay.
TEST_P(TearingPaths, ALinkThatBreaksTakesTheDiagonalsOfItsTwoCells) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  cpu.step_frame();
  const uint32_t c = 5;
  const uint32_t r = 4;
  auto at = [](uint32_t column, uint32_t row) { return row * kColumns + column; };
  cpu.cut_links({{at(c, r), 2}});  // the column link from (5, 4) down to (5, 5)
  cpu.step_frame();
  const std::vector<uint32_t>& state = cpu.state().link_state;
  EXPECT_EQ(cpu.state().torn_links, 5u);
  EXPECT_TRUE(link_torn(state[at(c - 1, r)], 4));  // the cell to the left: its down-right
  EXPECT_TRUE(link_torn(state[at(c, r)], 6));      // and down-left diagonals
  EXPECT_TRUE(link_torn(state[at(c, r)], 4));      // the cell to the right
  EXPECT_TRUE(link_torn(state[at(c + 1, r)], 6));
  EXPECT_FALSE(link_torn(state[at(c + 1, r)], 4));  // the next cell to the right
  EXPECT_FALSE(link_torn(state[at(c, r - 1)], 4));  // the cell above
  EXPECT_FALSE(link_torn(state[at(c, r + 1)], 4));  // the cell below
}

class GpuTearing : public VulkanTest, public ::testing::WithParamInterface<SolverVariant> {};

TEST_P(GpuTearing, TheGpuTearsTheLinksTheCpuReferenceTears) {
  const Model model = hung_curtain(GetParam(), 0.5f);
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  bool cut = false;
  for (uint32_t frame = 0; frame < 45; ++frame) {
    if (frame == 5) {  // and a knife's cut, on both
      cpu.cut_links(cut_across(8));
      gpu.cut_links(cut_across(8));
      cut = true;
    }
    cpu.step_frame();
    gpu.step_frames(1);
    const ParticleState<float> state = gpu.download_state();
    ASSERT_EQ(torn_links(state.link_state), torn_links(cpu.state().link_state))
        << "frame " << frame;
    ASSERT_EQ(state.link_state, cpu.state().link_state) << "reach levels, frame " << frame;
    ASSERT_EQ(state.torn_links, cpu.state().torn_links) << "frame " << frame;
    ASSERT_TRUE(all_near(state.positions, cpu.state().positions, 1e-5,
                         "positions after frame " + std::to_string(frame)));
  }
  ASSERT_TRUE(cut);
  // It must have torn beyond the cut: the pull too, not only the knife.
  EXPECT_GT(cpu.state().torn_links, 3 * kColumns - 2);
  // The blow-up watch counts the tears and skips the torn links: a torn link is no stretch.
  const HealthReport health = gpu.measure_health();
  EXPECT_EQ(health.torn_links, cpu.state().torn_links);
  EXPECT_NEAR(health.largest_stretch, cpu.measure_health().largest_stretch, 1e-5);
  EXPECT_LT(health.largest_stretch, 0.5f);
}

// The tear pass alone, on the curtain at rest with two cells opened by a stretch, each by one
// edge: the right half of the lower rows drawn sideways by a third of a link breaks the row links
// from column 7 to 8 of rows 6 and below, the lower edge of the cell at (7, 5); one node pulled
// down by a third of a link breaks the column link above it, the right edge of the cell at
// (11, 2). The diagonals of the first are decided by threads that run before the thread that
// breaks their cell's edge (lavapipe runs a workgroup's threads in index order). A diagonal must
// still break in the pass its cell opens in, whichever edge opened it, as in the CPU reference.
TEST_P(GpuTearing, ADiagonalBreaksInThePassItsCellLosesItsLowerEdge) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  const float link = 1.0f / (kColumns - 1);
  for (uint32_t r = 6; r < kRows; ++r) {
    for (uint32_t c = 8; c < kColumns; ++c)
      cpu.state().positions[r * kColumns + c].x += link / 3;  // 33% strain on the link 7-8
  }
  cpu.state().positions[3 * kColumns + 12].y -= 0.75f / (kRows - 1) / 3;
  gpu.upload_state(cpu.state());
  const std::vector<Step> schedule = cpu.core().build_schedule(cpu.core().full_shape(1));
  const auto tear = std::find_if(schedule.begin(), schedule.end(), [](const Step& step) {
    return std::string(step.pass->shader) == "tear_links.comp";
  });
  ASSERT_NE(tear, schedule.end());
  cpu.run_pass(*tear, model.solver.frame_dt);
  gpu.run_pass(*tear, model.solver.frame_dt);
  const std::vector<uint32_t>& expected = cpu.state().link_state;
  auto at = [](uint32_t column, uint32_t row) { return row * kColumns + column; };
  ASSERT_TRUE(link_torn(expected[at(7, 6)], 0));   // the lower edge of the cell at (7, 5)
  ASSERT_TRUE(link_torn(expected[at(7, 5)], 4));   // and its down-right diagonal
  ASSERT_TRUE(link_torn(expected[at(8, 5)], 6));   // and down-left one
  EXPECT_FALSE(link_torn(expected[at(7, 5)], 0));  // its upper edge holds
  ASSERT_TRUE(link_torn(expected[at(12, 2)], 2));  // the right edge of the cell at (11, 2)
  ASSERT_TRUE(link_torn(expected[at(11, 2)], 4));  // and its diagonals
  ASSERT_TRUE(link_torn(expected[at(12, 2)], 6));
  EXPECT_FALSE(link_torn(expected[at(11, 2)], 2));  // its left edge holds
  EXPECT_EQ(gpu.download_link_state(), expected);
}

// A link that starts to yield and one that stops, each alone in its pass, on the GPU as in the
// CPU reference: the same reach levels, counted up to the yielding link.
TEST_P(GpuTearing, ALinkYieldsAndStopsYieldingOnTheGpuAsOnTheCpu) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  const std::vector<Step> steps = tearing_steps(cpu.core());
  const float link = 1.0f / (kColumns - 1);
  const uint32_t node = 4 * kColumns + 5;
  for (const float shift : {0.07f * link, -0.04f * link}) {  // to 7%, then back to 3%
    shift_row_end(cpu.state(), 4, 6, shift);
    gpu.upload_state(cpu.state());
    for (const Step& step : steps) {
      cpu.run_pass(step, model.solver.frame_dt);
      gpu.run_pass(step, model.solver.frame_dt);
    }
    ASSERT_EQ(gpu.download_link_state(), cpu.state().link_state) << "shifted by " << shift;
  }
  EXPECT_EQ(reach_level_of(cpu.state().link_state[node], WEFT_REACH_ROW_HIGHER),
            reach_level(kColumns - 1 - 5));
}

// The tethers' pass alone, on the curtain at rest with two nodes of its bottom row pulled down:
// one by 5% of its distance to its nearer pin, beyond its tethers but within what the cloth
// could stretch before breaking (10%), which they pull back; one by 50%, beyond that, which they
// let go, so that the links take the pull and break. The GPU must do both as the CPU does.
TEST_P(GpuTearing, ATetherLetsGoOnTheGpuAsOnTheCpu) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  const uint32_t near = (kRows - 1) * kColumns + 2;
  const uint32_t far = (kRows - 1) * kColumns + kColumns / 2;
  const uint32_t pins[] = {0, kColumns - 1};
  for (const auto& [node, stretch] : {std::pair{near, 0.05f}, std::pair{far, 0.5f}}) {
    const glm::vec3 x(cpu.state().positions[node]);
    float to_pin = 1e9f;
    for (uint32_t pin : pins)
      to_pin = std::min(to_pin, glm::distance(x, glm::vec3(cpu.state().positions[pin])));
    cpu.state().positions[node].y -= stretch * to_pin;
  }
  const ParticleState<float> start = cpu.state();
  gpu.upload_state(start);
  const uint32_t tethers = cpu.core().find<Tethers>()->index;
  for (const Step& step : cpu.core().build_schedule(cpu.core().full_shape(1))) {
    if (step.module != tethers) continue;
    cpu.run_pass(step, model.solver.frame_dt);
    gpu.run_pass(step, model.solver.frame_dt);
  }
  EXPECT_NE(cpu.state().positions[near], start.positions[near]) << "pulled back";
  EXPECT_EQ(cpu.state().positions[far], start.positions[far]) << "let go";
  // One tether pass: a few float roundings of lengths near 1 m.
  EXPECT_TRUE(all_near(gpu.download_state().positions, cpu.state().positions, 1e-6, "tethers"));
}

// A wind on the triangles too: those a tear opened catch no more air, on both sides. The air's
// arithmetic (square roots, divisions) rounds differently on the GPU, so positions are compared
// as the whole-frame trajectory test does: within 4 times how far a double-precision run drifts
// from the float reference, plus 1e-6 m; the torn links must still be the same.
TEST_P(GpuTearing, ATornClothInTheWindFollowsTheCpuReference) {
  Model model = hung_curtain(GetParam(), 0.5f);
  model.environment.wind = {0.0f, 0.0f, 4.0f};
  model.environment.air.drag_coefficient = 1.2f;
  model.environment.air.lift_coefficient = 0.5f;
  CpuSolver<float> cpu(model);
  CpuSolver<double> exact(model);
  GpuSolver gpu(device(), model);
  cpu.cut_links(cut_across(8));
  exact.cut_links(cut_across(8));
  gpu.cut_links(cut_across(8));
  for (uint32_t frame = 0; frame < 12; ++frame) {
    cpu.step_frame();
    exact.step_frame();
    gpu.step_frames(1);
    double float_error = 0.0;
    for (size_t i = 0; i < model.positions.size(); ++i) {
      float_error = std::max(float_error, glm::distance(glm::dvec3(cpu.state().positions[i]),
                                                        glm::dvec3(exact.state().positions[i])));
    }
    const ParticleState<float> state = gpu.download_state();
    ASSERT_EQ(torn_links(state.link_state), torn_links(cpu.state().link_state))
        << "frame " << frame;
    ASSERT_TRUE(all_near(state.positions, cpu.state().positions, 1e-6 + 4.0 * float_error,
                         "positions after frame " + std::to_string(frame)));
  }
  // The lower piece, cut loose, has fallen and been blown downwind.
  const glm::vec4 hem = cpu.state().positions[(kRows - 1) * kColumns + kColumns / 2];
  EXPECT_GT(hem.z, 0.02f);
}

INSTANTIATE_TEST_SUITE_P(BothPaths, GpuTearing,
                         ::testing::Values(SolverVariant::general, SolverVariant::grid), path_name);

}  // namespace
}  // namespace weft::test
