// `weft bench`'s option parsing (grid sizes, the path's default solver steps) and the statistics
// it reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/bench/bench_options.h"
#include "app/bench/statistics.h"

namespace weft::test {
namespace {

TEST(BenchOptions, ParsesGridSizes) {
  EXPECT_EQ(parse_grid_size("256x128").columns, 256u);
  EXPECT_EQ(parse_grid_size("256x128").rows, 128u);
  EXPECT_EQ(parse_grid_size("512").rows, 512u);
  EXPECT_EQ(grid_name(parse_grid_size("8192x8192")), "8192x8192");
  for (const char* bad :
       {"", "x", "12x", "x12", "1x5", "5x1", "axb", "12x12x12", "-4x4", "70000x2"})
    EXPECT_THROW(parse_grid_size(bad), std::invalid_argument) << bad;
}

// Without --substeps or --sweeps the path decides: 37 x 1 on the general path, 16 x 4 on the grid
// path (where an odd sweep count ends with a copy back that costs as much as a sweep); a given
// count is kept.
TEST(BenchOptions, SolverStepsDefaultToThePathsCheapestThatHold) {
  auto steps_of = [](std::vector<std::string> args) {
    CLI::App app;
    BenchOptions options;
    add_bench_command(app, options);
    args.insert(args.begin(), "bench");
    std::reverse(args.begin(), args.end());  // CLI11 takes the arguments last first
    app.parse(args);
    return std::pair{options.substeps, options.sweeps};
  };
  using Steps = std::pair<uint32_t, uint32_t>;
  EXPECT_EQ(steps_of({}), Steps(37, 1));
  EXPECT_EQ(steps_of({"--variant", "general"}), Steps(37, 1));
  EXPECT_EQ(steps_of({"--variant", "grid"}), Steps(16, 4));
  EXPECT_EQ(steps_of({"--variant", "grid", "--sweeps", "2"}), Steps(16, 2));
  EXPECT_EQ(steps_of({"--sweeps", "8"}), Steps(37, 8));
  EXPECT_EQ(steps_of({"--substeps", "16", "--sweeps", "3"}), Steps(16, 3));
  EXPECT_EQ(steps_of({"--variant", "grid", "--substeps", "8"}), Steps(8, 4));
}

TEST(BenchStatistics, MedianPercentileAndMean) {
  const Summary odd = summarize({5.0, 1.0, 3.0});
  EXPECT_DOUBLE_EQ(odd.median, 3.0);
  EXPECT_DOUBLE_EQ(odd.mean, 3.0);
  EXPECT_DOUBLE_EQ(odd.min, 1.0);
  EXPECT_DOUBLE_EQ(odd.max, 5.0);
  EXPECT_DOUBLE_EQ(summarize({4.0, 1.0, 2.0, 3.0}).median, 2.5);
  std::vector<double> hundred;
  for (int i = 1; i <= 100; ++i)
    hundred.push_back(i);
  EXPECT_DOUBLE_EQ(summarize(hundred).p95, 95.0);  // nearest rank: the 95th of 100
  std::vector<double> twenty(hundred.begin(), hundred.begin() + 20);
  EXPECT_DOUBLE_EQ(summarize(twenty).p95, 19.0);
  EXPECT_DOUBLE_EQ(summarize({7.0}).p95, 7.0);
  EXPECT_EQ(summarize({}).count, 0u);
}

}  // namespace
}  // namespace weft::test
