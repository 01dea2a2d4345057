// What `weft bench` found, and its three renderings: a table for people, JSON and CSV for scripts.
// Units: milliseconds, bytes, GB/s (1 GB = 1e9 B); ratios are plain fractions (1.0 = 100%).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/bench/bench_options.h"
#include "app/bench/copy_bandwidth.h"
#include "app/bench/statistics.h"
#include "sim/model/strain_report.h"

namespace weft {

struct PassResult {
  std::string name;                   // the timer's section: "force accumulation", ..., or "frame"
  uint32_t dispatches = 0;            // per frame
  uint64_t bytes = 0;                 // per frame, from pass_traffic.h
  Summary gpu_ms;                     // over the measured frames
  double gb_per_s = 0.0;              // bytes / median time
  double copy_ratio = 0.0;            // gb_per_s / copy bandwidth
  std::optional<double> cpu_mean_ms;  // --cpu: the CPU reference's time for the same pass
};

struct CpuResult {
  uint32_t frames = 0;
  Summary frame_ms;
  double gpu_speedup = 0.0;  // CPU mean frame time / GPU mean frame time
};

struct GridResult {
  GridSize grid;
  uint64_t particles = 0;
  uint64_t springs = 0;
  uint64_t constraints = 0;
  uint32_t colours = 0;
  uint64_t gpu_bytes = 0;  // device memory of the solver's buffers
  std::string refused;     // why the grid was not measured (it does not fit); empty if it was

  std::vector<PassResult> passes;  // in timer order
  PassResult frame;                // all passes together; bytes = sum of the passes'
  // Per frame, |sum of the pass times - frame time|, the largest: 0 up to rounding, since the
  // timer's sections are contiguous.
  double max_sections_error_ms = 0.0;
  double frames_per_s_gpu = 0.0;         // 1000 / median GPU frame time
  double frames_per_s_wall = 0.0;        // untimed frames / wall-clock s, recording included
  double particle_substeps_per_s = 0.0;  // particles x substeps x frames_per_s_gpu
  // A sweep is one pass over the particles: forces, integration and each relaxation sweep.
  double particle_sweeps_per_s = 0.0;  // particles x substeps x (2 + sweeps) x frames_per_s_gpu
  uint32_t substeps = 0;               // per frame
  uint64_t minimum_bytes = 0;          // per frame: pass_traffic.h's minimum_frame_bytes
  double floor_ms = 0.0;               // minimum_bytes at copy bandwidth
  double largest_stretch = 0.0;        // health after the run: every link, shear and bend too
  StrainReport strain;                 // after the run: structural links (strain_report.h)
  std::string blow_up;                 // non-finite positions after the run; empty: none
  std::optional<CpuResult> cpu;
};

struct DeviceDescription {
  std::string name;
  std::string type;    // "discrete GPU", "CPU", ...
  std::string driver;  // driver name and version text
  std::string vulkan;  // "1.3.230"
  double timestamp_period_ns = 0.0;
  uint32_t timestamp_valid_bits = 0;
  uint64_t device_local_bytes = 0;
};

struct BenchReport {
  std::string weft_version;
  std::string date;  // UTC, ISO 8601
  DeviceDescription device;
  bool validation = false;
  std::string variant;
  std::string variant_description;
  std::string scene;  // describe_bench_cloth
  BenchOptions settings;
  CopyBandwidth copy;
  std::vector<GridResult> grids;
};

void write_bench_table(std::ostream& out, const BenchReport& report);
void write_bench_json(std::ostream& out, const BenchReport& report);
void write_bench_csv(std::ostream& out, const BenchReport& report);

}  // namespace weft
