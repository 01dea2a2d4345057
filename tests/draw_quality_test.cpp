// When the viewer draws less (app/viewer/draw_quality.h): only after frames have been slow for a
// while and drawing is a large share of them, one step at a time, never below the last level.
#include <gtest/gtest.h>

#include <optional>

#include "app/viewer/draw_quality.h"

namespace weft::test {
namespace {

// Feeds `frames` frames of these times; returns the first level the governor asked for.
std::optional<int> run(DrawQualityGovernor& governor, int frames, double frame_ms,
                       std::optional<double> draw_ms) {
  for (int i = 0; i < frames; ++i) {
    if (std::optional<int> level = governor.frame_done(frame_ms, draw_ms)) return level;
  }
  return std::nullopt;
}

TEST(DrawQualityTest, SlowDrawingLowersOneStepAtATime) {
  DrawQualityGovernor governor;
  for (int level = 1; level < kDrawQualityLevels; ++level) {
    EXPECT_EQ(run(governor, 200, 100.0, 60.0), std::optional<int>(level));
    EXPECT_EQ(governor.level(), level);
  }
  EXPECT_EQ(run(governor, 200, 100.0, 60.0), std::nullopt);  // the last level
  EXPECT_EQ(governor.level(), kDrawQualityLevels - 1);
}

TEST(DrawQualityTest, StopsAtTheLastLevelItIsAllowed) {
  // A window that cannot be scaled onto: the scene is never drawn smaller.
  DrawQualityGovernor governor;
  governor.set_last_level(kDrawQualityLevels - 2);
  for (int i = 0; i < 10; ++i)
    run(governor, 200, 100.0, 60.0);
  EXPECT_EQ(governor.level(), kDrawQualityLevels - 2);
  EXPECT_EQ(draw_quality(governor.level()).scale, 1.0f);
}

TEST(DrawQualityTest, FastFramesKeepTheBest) {
  DrawQualityGovernor governor;
  EXPECT_EQ(run(governor, 500, 1000.0 / (kTargetFramesPerSecond + 1.0), 40.0), std::nullopt);
}

TEST(DrawQualityTest, SlowSimulationIsNotDrawingsFault) {
  DrawQualityGovernor governor;
  EXPECT_EQ(run(governor, 500, 200.0, 10.0), std::nullopt);  // drawing 5% of the frame
}

TEST(DrawQualityTest, AnOccasionalSlowFrameDoesNotCount) {
  // A rebuild or a screenshot: one frame of half a second among quick ones.
  DrawQualityGovernor governor;
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(run(governor, 1, 500.0, 400.0), std::nullopt);
    EXPECT_EQ(run(governor, 49, 30.0, 10.0), std::nullopt);
  }
}

TEST(DrawQualityTest, LevelsDrawLessAndLess) {
  for (int level = 1; level < kDrawQualityLevels; ++level) {
    const DrawQuality better = draw_quality(level - 1), worse = draw_quality(level);
    const auto shadow = [](uint32_t size) { return size == 0 ? 512u : size; };
    EXPECT_TRUE(worse.max_samples < better.max_samples ||
                shadow(worse.shadow_map_size) < shadow(better.shadow_map_size) ||
                worse.scale < better.scale)
        << level;
  }
}

}  // namespace
}  // namespace weft::test
