// `weft sweep SPEC.toml`: a grid of --set values over one scene (sweep_spec.h), run by a
// scheduler weft does not replace: --print-jobs prints one `weft run` command line per case (a
// Slurm array runs line N as task N, docs/batch.md), and --collect joins the cases' summaries
// into one CSV.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace weft {

struct SweepOptions {
  std::string spec;
  bool print_jobs = false;
  std::string collect;  // FILE.csv
};

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& options);
int sweep_command(const SweepOptions& options);

}  // namespace weft
