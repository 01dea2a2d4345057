// `weft bench` on a tiny grid, through its JSON: every field is there, and the numbers add up
// (pass times sum to the frame time per frame, bytes sum to the frame's bytes, rates follow from
// times and bytes), the copy bandwidth ratio is positive and finite, and --cpu adds the CPU
// reference's time.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/bench/bench_report.h"
#include "app/bench/bench_runner.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

using Json = nlohmann::json;

class BenchTest : public VulkanTest {
 protected:
  static BenchOptions tiny_options() {
    BenchOptions options;
    options.grids = {{6, 5}, {9, 4}};
    options.substeps = 3;
    options.sweeps = 2;
    options.frames = 7;
    options.warmup = 1;
    options.copy_mib = 2;
    return options;
  }

  Json bench_json(const BenchOptions& options) {
    const BenchReport report = run_bench(device(), true, options);
    std::ostringstream text;
    write_bench_json(text, report);
    return Json::parse(text.str());
  }
};

bool finite_positive(const Json& value) {
  return value.is_number() && std::isfinite(value.get<double>()) && value.get<double>() > 0.0;
}

void expect_fields(const Json& object, std::initializer_list<const char*> keys,
                   const std::string& where) {
  for (const char* key : keys)
    EXPECT_TRUE(object.contains(key)) << where << " lacks \"" << key << "\"";
}

void expect_summary(const Json& s, size_t count, const std::string& where) {
  expect_fields(s, {"median", "p95", "mean", "min", "max", "count"}, where);
  EXPECT_EQ(s["count"].get<size_t>(), count) << where;
  EXPECT_LE(s["min"].get<double>(), s["median"].get<double>()) << where;
  EXPECT_LE(s["median"].get<double>(), s["p95"].get<double>()) << where;
  EXPECT_LE(s["p95"].get<double>(), s["max"].get<double>()) << where;
  EXPECT_GE(s["min"].get<double>(), 0.0) << where;
}

TEST_F(BenchTest, JsonHasEveryFieldAndItsNumbersAddUp) {
  BenchOptions options = tiny_options();
  // Springs and structural constraints: a frame of known passes and dispatches.
  options.constraints = BenchConstraints::structural;
  const Json j = bench_json(options);

  expect_fields(
      j, {"weft_version", "date", "device", "validation", "settings", "copy_bandwidth", "grids"},
      "report");
  expect_fields(j["device"],
                {"name", "type", "driver", "vulkan", "timestamp_period_ns", "timestamp_valid_bits",
                 "device_local_bytes"},
                "device");
  EXPECT_EQ(j["device"]["name"], device().name());
  expect_fields(j["settings"],
                {"variant", "variant_description", "scene", "integrator", "constraints", "substeps",
                 "sweeps", "frames", "warmup_frames", "timer_resolution_ms"},
                "settings");
  EXPECT_EQ(j["settings"]["variant"], "general");
  EXPECT_EQ(j["settings"]["substeps"], 3);
  EXPECT_TRUE(j["validation"].get<bool>());

  const Json& copy = j["copy_bandwidth"];
  expect_fields(copy, {"buffer_bytes", "bytes_per_copy", "repeats", "ms", "gb_per_s"}, "copy");
  EXPECT_EQ(copy["bytes_per_copy"].get<uint64_t>(), 2 * copy["buffer_bytes"].get<uint64_t>());
  expect_summary(copy["ms"], copy["repeats"].get<size_t>(), "copy ms");
  EXPECT_TRUE(finite_positive(copy["gb_per_s"]));

  const double resolution = j["settings"]["timer_resolution_ms"].get<double>();
  ASSERT_EQ(j["grids"].size(), 2u);
  for (const Json& g : j["grids"]) {
    const std::string where = g["grid"].get<std::string>();
    expect_fields(g,
                  {"grid",
                   "columns",
                   "rows",
                   "particles",
                   "springs",
                   "constraints",
                   "gpu_bytes",
                   "gpu_bytes_per_particle",
                   "measured",
                   "refused",
                   "constraint_colours",
                   "passes",
                   "frame",
                   "max_sections_error_ms",
                   "frames_per_s_gpu",
                   "frames_per_s_wall",
                   "particle_substeps_per_s",
                   "particle_sweeps_per_s",
                   "substeps",
                   "bytes_per_particle_per_frame",
                   "dispatches_per_substep",
                   "minimum_bytes_per_frame",
                   "floor_ms",
                   "frame_over_floor",
                   "largest_stretch",
                   "strain_max",
                   "strain_mean",
                   "strain_link",
                   "strain_nearest_pin",
                   "strain_pin_distance",
                   "blow_up",
                   "cpu"},
                  where);
    EXPECT_TRUE(g["measured"].get<bool>()) << where;
    EXPECT_TRUE(g["blow_up"].is_null()) << where;
    EXPECT_TRUE(g["cpu"].is_null()) << where << ": no --cpu, no CPU time";
    EXPECT_EQ(g["particles"].get<uint64_t>(),
              g["columns"].get<uint64_t>() * g["rows"].get<uint64_t>());

    double sum_of_means = 0.0;
    uint64_t sum_of_bytes = 0;
    uint32_t dispatches = 0;
    std::vector<std::string> names;
    for (const Json& p : g["passes"]) {
      const std::string pass = where + " " + p["name"].get<std::string>();
      expect_fields(p,
                    {"name", "dispatches_per_frame", "bytes_per_frame", "gpu_ms", "gb_per_s",
                     "copy_bandwidth_ratio", "cpu_mean_ms"},
                    pass);
      expect_summary(p["gpu_ms"], options.frames, pass);
      EXPECT_GT(p["bytes_per_frame"].get<uint64_t>(), 0u) << pass << ": no traffic model";
      if (p["dispatches_per_frame"].get<uint32_t>() > 0) {
        EXPECT_TRUE(finite_positive(p["copy_bandwidth_ratio"])) << pass;
        EXPECT_NEAR(p["copy_bandwidth_ratio"].get<double>(),
                    p["gb_per_s"].get<double>() / copy["gb_per_s"].get<double>(), 1e-9);
      }
      sum_of_means += p["gpu_ms"]["mean"].get<double>();
      sum_of_bytes += p["bytes_per_frame"].get<uint64_t>();
      dispatches += p["dispatches_per_frame"].get<uint32_t>();
      names.push_back(p["name"]);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"frame updates", "force accumulation",
                                               "bending and stretch along lines",
                                               "constraint relaxation"}));
    const Json& frame = g["frame"];
    expect_summary(frame["gpu_ms"], options.frames, where + " frame");
    // Sections are contiguous: per frame they add up to the frame exactly (up to rounding), so
    // their means add up to the frame's mean. Medians need not.
    EXPECT_LE(g["max_sections_error_ms"].get<double>(), resolution) << where;
    EXPECT_NEAR(sum_of_means, frame["gpu_ms"]["mean"].get<double>(),
                resolution * static_cast<double>(names.size()))
        << where;
    EXPECT_EQ(frame["bytes_per_frame"].get<uint64_t>(), sum_of_bytes) << where;
    EXPECT_EQ(frame["dispatches_per_frame"].get<uint32_t>(), dispatches) << where;
    // 3 substeps x (force + the line walks' rows (integrating) and columns + 2 sweeps x colours).
    EXPECT_EQ(dispatches, 3u * (3u + 2u * g["constraint_colours"].get<uint32_t>())) << where;
    EXPECT_EQ(g["substeps"].get<uint32_t>(), 3u) << where;
    EXPECT_DOUBLE_EQ(g["dispatches_per_substep"].get<double>(), dispatches / 3.0) << where;
    EXPECT_DOUBLE_EQ(g["bytes_per_particle_per_frame"].get<double>(),
                     static_cast<double>(sum_of_bytes) / g["particles"].get<double>())
        << where;
    EXPECT_TRUE(finite_positive(frame["copy_bandwidth_ratio"])) << where;

    const double fps = g["frames_per_s_gpu"].get<double>();
    EXPECT_NEAR(fps, 1000.0 / frame["gpu_ms"]["median"].get<double>(), 1e-6 * fps);
    EXPECT_TRUE(finite_positive(g["frames_per_s_wall"])) << where;
    const double particles = g["particles"].get<double>();
    EXPECT_NEAR(g["particle_sweeps_per_s"].get<double>(), particles * 3 * (2 + 2) * fps,
                1e-6 * g["particle_sweeps_per_s"].get<double>());
    EXPECT_NEAR(g["particle_substeps_per_s"].get<double>(), particles * 3 * fps,
                1e-6 * g["particle_substeps_per_s"].get<double>());
    EXPECT_EQ(g["minimum_bytes_per_frame"].get<uint64_t>(),
              g["particles"].get<uint64_t>() * 3 * (64 + 2 * 32));
    EXPECT_TRUE(finite_positive(g["floor_ms"])) << where;
  }
}

// The default cloth is cotton: its bending and tethers are timed as passes of their own, and the
// strain it ends with is reported. 20 frames of 1/60 s hanging from two corners stretch a 32 x 32
// cotton cloth by a fraction of a percent where real cotton would stretch less than 0.1%; a
// failing tether pass or material would leave it several percent.
TEST_F(BenchTest, CottonClothTimesItsBendingAndTethersAndReportsItsStrain) {
  BenchOptions options = tiny_options();
  options.grids = {{32, 32}};
  options.substeps = 16;
  options.sweeps = 8;
  options.frames = 20;
  ASSERT_EQ(options.constraints, BenchConstraints::material);
  const Json j = bench_json(options);
  const Json& g = j["grids"][0];
  std::vector<std::string> names;
  for (const Json& p : g["passes"])
    names.push_back(p["name"]);
  // No springs: the integration computes gravity and air drag itself, with no force gather; and
  // every particle is a node of the grid whose lines are walked, and the walk along rows
  // integrates them.
  EXPECT_EQ(names, (std::vector<std::string>{"frame updates", "bending and stretch along lines",
                                             "constraint relaxation", "tethers", "strain limits"}));
  EXPECT_EQ(g["springs"].get<uint64_t>(), 0u);
  EXPECT_GT(g["strain_mean"].get<double>(), 0.0);
  EXPECT_LT(g["strain_max"].get<double>(), 0.02);
  EXPECT_GE(g["strain_max"].get<double>(), g["strain_mean"].get<double>());
  // The most stretched link joins row or column neighbours of the 32 x 32 grid, and the pin
  // nearest it is one of the two pinned corners, no further than the cloth's 2 m diagonal.
  const uint32_t a = g["strain_link"][0], b = g["strain_link"][1];
  EXPECT_TRUE(b == a + 1 || b == a + 32) << a << " " << b;
  const uint32_t pin = g["strain_nearest_pin"];
  EXPECT_TRUE(pin == 0 || pin == 31) << pin;
  EXPECT_GT(g["strain_pin_distance"].get<double>(), 0.0);
  EXPECT_LT(g["strain_pin_distance"].get<double>(), 2.0 * std::sqrt(2.0));
}

TEST_F(BenchTest, CpuReferenceTimesTheSameWork) {
  BenchOptions options = tiny_options();
  options.grids = {{5, 5}};
  options.cpu = true;
  options.cpu_frames = 2;
  options.integrator = Integrator::semi_implicit_euler;
  const Json j = bench_json(options);
  const Json& g = j["grids"][0];
  ASSERT_TRUE(g["cpu"].is_object());
  EXPECT_EQ(g["cpu"]["frames"], 2);
  expect_summary(g["cpu"]["frame_ms"], 2, "cpu frame");
  EXPECT_TRUE(finite_positive(g["cpu"]["gpu_speedup"]));
  double sum = 0.0;
  for (const Json& p : g["passes"]) {
    if (p["name"] == "frame updates") {
      EXPECT_TRUE(p["cpu_mean_ms"].is_null()) << "the CPU has no frame updates to time";
      continue;
    }
    ASSERT_TRUE(p["cpu_mean_ms"].is_number()) << p["name"];
    sum += p["cpu_mean_ms"].get<double>();
  }
  EXPECT_NEAR(sum, g["frame"]["cpu_mean_ms"].get<double>(), 1e-9);
  EXPECT_NEAR(g["frame"]["cpu_mean_ms"].get<double>(), g["cpu"]["frame_ms"]["mean"].get<double>(),
              1e-9);
  // Every particle is a node of the grid whose lines are walked: the walk along rows integrates
  // them, and no "semi-implicit Euler update" pass runs.
  EXPECT_EQ(g["passes"][1]["name"], "bending and stretch along lines");
  for (const Json& p : g["passes"])
    EXPECT_NE(p["name"], "semi-implicit Euler update");
}

TEST_F(BenchTest, SelfCollisionAddsItsPassesWithTheirBytesAndTimes) {
  BenchOptions options = tiny_options();
  options.grids = {{8, 8}};
  options.self_collision = true;
  const Json j = bench_json(options);
  EXPECT_EQ(j["settings"]["self_collision"], true);
  EXPECT_NE(j["settings"]["scene"].get<std::string>().find("self-collision"), std::string::npos);
  uint32_t passes = 0;
  for (const Json& p : j["grids"][0]["passes"]) {
    if (p["name"].get<std::string>().rfind("self-collision: ", 0) != 0) continue;
    ++passes;
    EXPECT_EQ(p["dispatches_per_frame"].get<uint32_t>(), options.substeps) << p["name"];
    EXPECT_GT(p["bytes_per_frame"].get<uint64_t>(), 0u) << p["name"];
    EXPECT_TRUE(p["gpu_ms"].is_object()) << p["name"];
  }
  EXPECT_EQ(passes, 8u);  // the hash's six passes, the contacts and their application
}

TEST_F(BenchTest, RefusesAGridThatDoesNotFitAndMeasuresTheRest) {
  BenchOptions options = tiny_options();
  options.grids = {{60000, 60000}, {4, 4}};
  options.frames = 2;
  const Json j = bench_json(options);
  ASSERT_EQ(j["grids"].size(), 2u);
  EXPECT_FALSE(j["grids"][0]["measured"].get<bool>());
  EXPECT_NE(j["grids"][0]["refused"].get<std::string>().find("too large for " + device().name()),
            std::string::npos);
  EXPECT_TRUE(j["grids"][1]["measured"].get<bool>());
}

}  // namespace
}  // namespace weft::test
