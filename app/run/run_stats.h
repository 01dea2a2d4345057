// `weft run --stats FILE.csv|FILE.json`: one record per frame, from frame 0, of the whole scene
// (its systems summed): simulated time, kinetic, gravitational and elastic energy, the largest
// and mean strain, self-collision contacts, links torn so far, and the wall time the frame took.
// `--summary-json FILE`: the closing summary (run_summary.h) as JSON, for scripts and sweeps.
// Both are written once the run is over, whole or not at all (export/output_file.h).
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/scene/scene_systems.h"
#include "app/run/scene_run.h"

namespace weft {

struct FrameStats {
  uint32_t frame = 0;
  double time = 0.0;           // s simulated
  double kinetic = 0.0;        // J, every system
  double gravitational = 0.0;  // J
  double elastic = 0.0;        // J
  double max_strain = 0.0;     // over every system's links, (length - rest) / rest
  double mean_strain = 0.0;    // over every system's links, compression negative
  uint64_t contacts = 0;       // pairs closer than their thickness (self-collision systems)
  uint32_t torn_links = 0;     // since the start
  double wall_ms = 0.0;        // to simulate the frames since the record before (0 for frame 0)
};

// Which format a stats file is, by its extension; an empty string when neither.
std::string stats_format_for(const std::filesystem::path& file);

// Measures every frame of a run (frame 0 before the first step) for --stats.
class StatsSink final : public FrameSink {
 public:
  explicit StatsSink(const Scene& scene) : scene_(scene) {}
  bool wants(uint32_t, uint32_t) const override { return true; }
  uint32_t next_after(uint32_t frame, uint32_t last_frame) const override {
    return frame < last_frame ? frame + 1 : last_frame;
  }
  void take(uint32_t frame, std::vector<std::unique_ptr<Solver>>& solvers) override;
  const std::vector<FrameStats>& records() const { return records_; }

 private:
  const Scene& scene_;
  std::vector<FrameStats> records_;
  std::chrono::steady_clock::time_point last_{};
};

// CSV (a header line, then one line per record) or JSON ({"records": [...]}) by the extension.
void write_stats(std::ostream& out, const std::string& format,
                 const std::vector<FrameStats>& records);

struct RunSummaryFacts {
  std::string solver;  // "CPU reference (float)", "GPU (Vulkan compute) on ..."
  uint32_t frames_asked = 0;
  std::vector<std::string> overrides;  // --set
};
void write_summary_json(std::ostream& out, const Scene& scene, const RunOutcome& outcome,
                        const RunSummaryFacts& facts);

}  // namespace weft
