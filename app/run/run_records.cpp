#include "app/run/run_records.h"

#include <CLI/CLI.hpp>

#include "app/scene/scene_overrides.h"

namespace weft {

void add_record_options(CLI::App& run, RunOptions& options) {
  run.add_option("--stats", options.stats,
                 "Write one record per frame to FILE.csv or FILE.json: time, kinetic, "
                 "gravitational and elastic energy, max and mean strain, contacts, torn links, "
                 "wall ms (tools/plot_stats.py draws it)")
      ->option_text("FILE")
      ->check(CLI::Validator(
          [](const std::string& file) -> std::string {
            return stats_format_for(file).empty() ? "name it FILE.csv or FILE.json, not " + file
                                                  : "";
          },
          "", "stats format"));
  run.add_option("--summary-json", options.summary_json,
                 "Write the closing summary to FILE as JSON (also when the simulation blew up)")
      ->option_text("FILE");
}

void write_run_records(const RunOptions& options, const Scene& scene, const RunOutcome& outcome,
                       const std::string& solver, const StatsSink* stats,
                       const std::function<void(const WrittenFile&)>& note) {
  if (outcome.interrupted()) return;
  OutputOptions output;
  output.create_folders = true;  // as every output of weft run (a sweep's case folder)
  if (stats) {
    const std::string format = stats_format_for(options.stats);
    note(write_output_file(
        options.stats, [&](std::ostream& out) { write_stats(out, format, stats->records()); },
        output));
  }
  if (!options.summary_json.empty()) {
    RunSummaryFacts facts;
    facts.solver = solver;
    facts.frames_asked = options.frames != 0 ? options.frames : scene.frames;
    facts.overrides = command_line_overrides();
    note(write_output_file(
        options.summary_json,
        [&](std::ostream& out) { write_summary_json(out, scene, outcome, facts); }, output));
  }
}

}  // namespace weft
