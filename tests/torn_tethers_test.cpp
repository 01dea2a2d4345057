// A cloth that tears, and what holds it: a tether holds only while the cloth between its node
// and its pin is whole, and lets go where the cloth along it would break; the run summary counts
// the pieces a cloth parted into and those still held (sim/modules/tethers.h,
// sim/model/torn_pieces.h). CPU reference on both solver paths; tearing_test compares the GPU with
// it frame by frame on a curtain that tears with its tethers.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "shaders/link_state_layout.h"
#include "sim/core/cpu_solver.h"
#include "sim/model/link_state.h"
#include "sim/model/model.h"
#include "sim/modules/tethers.h"
#include "sim/model/torn_pieces.h"
#include "tests/support/tearing_curtain.h"

namespace weft::test {
namespace {

constexpr uint32_t kColumns = kCurtainColumns;
constexpr uint32_t kRows = kCurtainRows;

class TornTethers : public ::testing::TestWithParam<SolverVariant> {};

// A tether whose line to its pin crosses a cut no longer holds; one that crosses none still does.
TEST_P(TornTethers, ACutCutsTheTethersAcrossItAndNoOthers) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  const Tethers& tethers = *cpu.core().find<Tethers>();
  cpu.step_frame();
  // A cut from the left edge to the middle between rows 4 and 5.
  std::vector<LinkCut> cuts;
  for (uint32_t c = 0; c < kColumns / 2; ++c) {
    const uint32_t i = 4 * kColumns + c;
    cuts.push_back({i, 2});
    cuts.push_back({i, 4});
    if (c > 0) cuts.push_back({i, 6});
  }
  cpu.cut_links(cuts);
  cpu.step_frame();
  const std::vector<uint32_t>& state = cpu.state().link_state;
  const uint32_t left_pin = 0;
  uint32_t checked = 0;
  for (uint32_t r = 1; r < kRows; ++r) {
    for (uint32_t c = 0; c < kColumns; ++c) {
      const uint32_t i = r * kColumns + c;
      const gpu::Tether& tether = tethers.tethers()[i];
      for (uint32_t k = 0; k < 2; ++k) {
        const uint32_t pin = k == 0 ? tether.pin0 : tether.pin1;
        if (pin != left_pin) continue;
        // The straight line from (c, r) up to the corner (0, 0) passes row 4.5, where the cut
        // runs from the left edge to column 7.5, at column 4.5 c / r. The path the check walks
        // stays within a cell of that line: a line that passes more than a cell inside the cut
        // crosses it, one that passes more than a cell beyond its end does not; those in between
        // are not asked about.
        const uint32_t bit = k == 0 ? WEFT_LINK_TETHER_CUT_0 : WEFT_LINK_TETHER_CUT_1;
        const float crossing = 4.5f * float(c) / float(r);
        if (r <= 4 || crossing > 8.5f) {
          EXPECT_EQ(state[i] & bit, 0u) << "node (" << c << ", " << r << ")";
        } else if (crossing < 6.5f) {
          EXPECT_NE(state[i] & bit, 0u) << "node (" << c << ", " << r << ")";
        } else {
          continue;
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, kColumns * kRows / 3);
}

// The run summary's pieces: a whole curtain is one held piece; a cut from edge to edge between
// rows 4 and 5 parts it into two, of which only the upper one, with the pinned corners, is held.
// A cut that stops a column short of the far edge parts nothing.
TEST_P(TornTethers, ACutAcrossTheClothPartsItIntoAHeldPieceAndAFallingOne) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  cpu.step_frame();
  TornPieces pieces = count_torn_pieces(model, cpu.state().link_state);
  EXPECT_EQ(pieces.pieces, 1u);
  EXPECT_EQ(pieces.held, 1u);
  auto cut_rows_4_and_5 = [&](uint32_t columns) {
    std::vector<LinkCut> cuts;
    for (uint32_t c = 0; c < columns; ++c) {
      const uint32_t i = 4 * kColumns + c;
      cuts.push_back({i, 2});
      if (c + 1 < kColumns) cuts.push_back({i, 4});
      if (c > 0) cuts.push_back({i, 6});
    }
    cpu.cut_links(cuts);
    cpu.step_frame();
  };
  cut_rows_4_and_5(kColumns - 1);
  pieces = count_torn_pieces(model, cpu.state().link_state);
  EXPECT_EQ(pieces.pieces, 1u) << "a cut short of the edge parted the cloth";
  cut_rows_4_and_5(kColumns);
  pieces = count_torn_pieces(model, cpu.state().link_state);
  EXPECT_EQ(pieces.pieces, 2u);
  EXPECT_EQ(pieces.held, 1u);
}

// A tether of a cloth that tears lets go where the cloth along it would break: a drag can pull a
// particle beyond the tether's reach, and the cloth tears; a cloth that cannot tear stops the drag
// at its tethers' reach (drag_test).
TEST_P(TornTethers, ATetherLetsGoWhereTheClothWouldBreak) {
  const Model model = hung_curtain(GetParam(), 0.0f);
  CpuSolver<float> cpu(model);
  const uint32_t dragged = (kRows - 1) * kColumns + kColumns / 2;
  const gpu::Tether tether = cpu.core().find<Tethers>()->tethers()[dragged];
  const glm::vec3 start(cpu.state().positions[dragged]);
  for (uint32_t frame = 0; frame < 60; ++frame) {
    cpu.drag(dragged, start + glm::vec3(0.0f, -0.5f, 0.0f));
    cpu.step_frame();
  }
  const glm::vec3 x(cpu.state().positions[dragged]);
  const glm::vec3 pin(cpu.state().positions[tether.pin0]);
  // The tether's length is its rest distance times 1.02 (the material's limit); the cloth along it
  // breaks at 1.1 times.
  EXPECT_GT(glm::distance(x, pin), tether.max_length0 * 1.1f / 1.02f);
  EXPECT_GT(cpu.state().torn_links, 0u);
}

std::string path_name(const ::testing::TestParamInfo<SolverVariant>& path) {
  return path.param == SolverVariant::grid ? "grid" : "general";
}

INSTANTIATE_TEST_SUITE_P(BothPaths, TornTethers,
                         ::testing::Values(SolverVariant::general, SolverVariant::grid), path_name);

}  // namespace
}  // namespace weft::test
