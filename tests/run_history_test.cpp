// The viewer's plot history (app/viewer/run_history.h): it keeps the last ten simulated seconds,
// in order, and starts again when the scene does.
#include <gtest/gtest.h>

#include "app/viewer/run_history.h"

namespace weft::test {
namespace {

TEST(RunHistory, KeepsTheLastTenSimulatedSeconds) {
  RunHistory history;
  for (int frame = 0; frame <= 1200; ++frame)  // 20 s at 60 frames/s
    history.add_strain(frame / 60.0, 0.001f * static_cast<float>(frame % 7));
  ASSERT_FALSE(history.strains().empty());
  EXPECT_DOUBLE_EQ(history.strains().back().time, 20.0);
  EXPECT_GE(history.strains().front().time, 20.0 - RunHistory::kSeconds);
  EXPECT_LT(history.strains().front().time, 20.0 - RunHistory::kSeconds + 1.0 / 60.0);
  EXPECT_EQ(history.strains().size(), 601u);  // 10 s of frames and the one at its start
  for (size_t i = 1; i < history.strains().size(); ++i)
    EXPECT_LT(history.strains()[i - 1].time, history.strains()[i].time);
}

TEST(RunHistory, EnergyKeepsItsOwnSamples) {
  RunHistory history;
  Energy energy;
  energy.kinetic = 1.5;
  energy.elastic = 0.25;
  history.add_energy(0.0, energy);
  history.add_energy(11.0, energy);  // the first is now more than ten seconds old
  history.add_strain(11.0, 0.01f);
  ASSERT_EQ(history.energies().size(), 1u);
  EXPECT_DOUBLE_EQ(history.energies().front().time, 11.0);
  EXPECT_DOUBLE_EQ(history.energies().front().energy.total(), 1.75);
  EXPECT_EQ(history.strains().size(), 1u);
}

TEST(RunHistory, AnEarlierTimeStartsAgain) {
  RunHistory history;
  history.add_strain(1.0, 0.01f);
  history.add_strain(2.0, 0.02f);
  history.add_strain(0.5, 0.03f);  // the scene was reset
  ASSERT_EQ(history.strains().size(), 1u);
  EXPECT_FLOAT_EQ(history.strains().front().max_strain, 0.03f);
  history.clear();
  EXPECT_TRUE(history.strains().empty());
  EXPECT_TRUE(history.energies().empty());
}

}  // namespace
}  // namespace weft::test
