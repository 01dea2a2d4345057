// The options of `weft run` that record a run for scripts (--stats, --summary-json), and writing
// those records once the run is over (run_stats.h says what they hold).
#pragma once

#include <functional>
#include <string>

#include "app/export/output_file.h"
#include "app/run/run_command.h"
#include "app/run/run_stats.h"

namespace CLI {
class App;
}

namespace weft {

void add_record_options(CLI::App& run, RunOptions& options);

// Writes what the options ask for (nothing of a run that was interrupted); each file written is
// passed to `note`.
void write_run_records(const RunOptions& options, const Scene& scene, const RunOutcome& outcome,
                       const std::string& solver, const StatsSink* stats,
                       const std::function<void(const WrittenFile&)>& note);

}  // namespace weft
