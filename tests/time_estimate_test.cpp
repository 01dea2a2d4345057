// How long a run will take (app/time_estimate.h): estimated once, from enough of the first
// frames, and written as a person reads a duration.
#include <gtest/gtest.h>

#include "app/time_estimate.h"

namespace weft::test {
namespace {

TEST(TimeEstimate, WaitsForEnoughFramesThenEstimatesOnce) {
  TimeEstimate estimate(600, 2.0);
  EXPECT_FALSE(estimate.first_estimate(0, 0.5));
  EXPECT_FALSE(estimate.first_estimate(10, 1.0));  // too short a sample
  const std::optional<double> total = estimate.first_estimate(20, 2.5);
  ASSERT_TRUE(total);
  EXPECT_DOUBLE_EQ(*total, 2.5 * 600 / 20);
  EXPECT_FALSE(estimate.first_estimate(30, 3.5));  // said once
  EXPECT_DOUBLE_EQ(estimate.remaining(300, 30.0), 30.0);
}

TEST(TimeEstimate, OneSlowFrameIsEnoughAndAShortRunNeedsNone) {
  TimeEstimate slow(600, 2.0);
  const std::optional<double> hour = slow.first_estimate(1, 6.0);  // a 6 s first frame
  ASSERT_TRUE(hour);
  EXPECT_DOUBLE_EQ(*hour, 3600.0);
  TimeEstimate quick(100, 2.0);
  EXPECT_FALSE(quick.first_estimate(100, 2.5));  // already done
}

TEST(TimeEstimate, DurationsReadAsAPersonWouldSayThem) {
  EXPECT_EQ(format_duration(0.4), "0 s");
  EXPECT_EQ(format_duration(45.2), "45 s");
  EXPECT_EQ(format_duration(200.0), "3 min 20 s");
  EXPECT_EQ(format_duration(1500.0), "25 min");
  EXPECT_EQ(format_duration(3900.0), "1 h 05 min");
}

}  // namespace
}  // namespace weft::test
