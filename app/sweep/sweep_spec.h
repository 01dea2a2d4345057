// A sweep: one scene run once per combination of `--set` values, each case writing its summary
// JSON (docs/batch.md). The spec is a TOML file:
//
//   scene = "scenes/flag_in_wind.toml"   # relative to the spec's folder, or a scene weft ships
//   output = "flag-sweep"                # where case-NNNN.json go (relative to the spec's folder)
//   frames = 120                         # optional: --frames
//   device = "cpu"                       # optional: "cpu" or "gpu" (the default)
//   [set]                                # optional: overrides every case shares
//   "cloth.material" = "silk"
//   [grid]                               # every combination of these, the first key slowest
//   "solver.substeps" = [4, 8, 16]
//   "environment.wind" = [[2, 0, 0], [4, 0, 0], [8, 0, 0], [16, 0, 0]]
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace weft {

struct SweepSpec {
  std::string scene;  // as the commands name it
  std::filesystem::path output;
  uint32_t frames = 0;  // 0: the scene's
  bool cpu = false;
  std::vector<std::pair<std::string, std::string>> fixed;  // key, TOML value
  std::vector<std::string> grid_keys;
  std::vector<std::vector<std::string>> grid_values;  // per key, its TOML values
};

// SceneError (file, line, key) for a spec that cannot be read or is wrong.
SweepSpec load_sweep_spec(const std::filesystem::path& file);

// The number of cases, and case `index`'s value of each grid key (in grid_keys' order).
uint64_t sweep_case_count(const SweepSpec& spec);
std::vector<std::string> sweep_case_values(const SweepSpec& spec, uint64_t index);

std::filesystem::path sweep_summary_file(const SweepSpec& spec, uint64_t index);
// The command line of case `index`: `weft run` with its --set values and --summary-json.
std::vector<std::string> sweep_case_command(const SweepSpec& spec, uint64_t index,
                                            const std::string& weft);

}  // namespace weft
