#include "app/sweep/sweep_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "app/export/output_file.h"
#include "app/scene/text_file.h"
#include "app/sweep/sweep_spec.h"

namespace weft {

namespace {

// A word the shell reads back as itself.
std::string shell_word(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("-_./=:,+@%").find(c) != std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text)
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// The program the commands run: this weft, by its full path when it can be found.
std::string this_weft() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string("weft") : self.string();
}

// One case's row: its status and the numbers of its summary (systems summed, or their largest).
std::string case_row(const std::filesystem::path& summary_file, std::string& problem) {
  const TextFile text = read_text_file(summary_file, 16 << 20);
  if (text.status != TextFile::Status::read) {
    problem = text.status == TextFile::Status::missing ? "no summary" : text.reason;
    return "missing,,,,,,,,,,";
  }
  try {
    const nlohmann::json summary = nlohmann::json::parse(text.text);
    double largest_stretch = 0.0, max_strain = 0.0, mean_strain = 0.0;
    double kinetic = 0.0, gravitational = 0.0, elastic = 0.0;
    uint64_t torn = 0;
    const auto& systems = summary.at("systems");
    auto number = [](const nlohmann::json& value) {
      return value.is_number() ? value.get<double>() : std::nan("");
    };
    for (const auto& system : systems) {
      largest_stretch = std::max(largest_stretch, number(system.at("largest_stretch_seen")));
      max_strain = std::max(max_strain, number(system.at("final_max_strain")));
      mean_strain += number(system.at("final_mean_strain")) / double(systems.size());
      kinetic += number(system.at("energy").at("kinetic"));
      gravitational += number(system.at("energy").at("gravitational"));
      elastic += number(system.at("energy").at("elastic"));
      torn += system.at("torn_links").get<uint64_t>();
    }
    const char* status = summary.at("interrupted").get<bool>() ? "interrupted"
                         : summary.at("blew_up").get<bool>()   ? "blew_up"
                                                               : "done";
    char row[512];
    std::snprintf(
        row, sizeof row, "%s,%u,%.9g,%.6g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%llu", status,
        summary.at("frames_done").get<uint32_t>(), summary.at("simulated_seconds").get<double>(),
        summary.at("wall_seconds").get<double>(), largest_stretch, max_strain, mean_strain, kinetic,
        gravitational, elastic, static_cast<unsigned long long>(torn));
    return row;
  } catch (const nlohmann::json::exception& error) {
    problem = std::string("not a summary of weft run: ") + error.what();
    return "unreadable,,,,,,,,,,";
  }
}

int collect(const SweepSpec& spec, const std::string& target) {
  const uint64_t cases = sweep_case_count(spec);
  std::ostringstream csv;
  csv << "case";
  for (const std::string& key : spec.grid_keys)
    csv << "," << csv_field(key);
  csv << ",status,frames_done,simulated_seconds,wall_seconds,largest_stretch_seen,final_max_strain,"
         "final_mean_strain,kinetic,gravitational,elastic,torn_links\n";
  uint64_t missing = 0;
  for (uint64_t index = 0; index < cases; ++index) {
    csv << index;
    for (const std::string& value : sweep_case_values(spec, index))
      csv << "," << csv_field(value);
    std::string problem;
    csv << "," << case_row(sweep_summary_file(spec, index), problem) << "\n";
    if (!problem.empty()) {
      ++missing;
      std::fprintf(stderr, "weft: sweep: case %llu: %s: %s\n",
                   static_cast<unsigned long long>(index),
                   sweep_summary_file(spec, index).string().c_str(), problem.c_str());
    }
  }
  write_output_file(target, [&](std::ostream& out) { out << csv.str(); });
  std::printf("collected %llu of %llu cases into %s\n",
              static_cast<unsigned long long>(cases - missing),
              static_cast<unsigned long long>(cases), target.c_str());
  return 0;
}

}  // namespace

CLI::App* add_sweep_command(CLI::App& app, SweepOptions& options) {
  CLI::App* sweep = app.add_subcommand(
      "sweep", "Expand a grid of --set values over a scene into jobs, and collect their results");
  sweep->add_option("spec", options.spec, "Sweep spec (TOML): the scene, the grid, the output")
      ->required()
      ->option_text("SPEC.toml");
  sweep->add_flag("--print-jobs", options.print_jobs,
                  "Print one weft run command line per case, case N on line N + 1");
  sweep
      ->add_option("--collect", options.collect,
                   "Join the cases' summaries into FILE as CSV, one row per case")
      ->option_text("FILE.csv");
  sweep->footer(R"(Examples:
  weft sweep flag.toml                  how many cases, and how to run them
  weft sweep flag.toml --print-jobs     their command lines
  sbatch --array=0-11 tools/slurm_sweep.sh flag.toml
                                        each case as a task of a Slurm job array
  weft sweep flag.toml --collect flag.csv
                                        every case's summary as one row
The spec and running a sweep on a cluster: docs/batch.md)");
  return sweep;
}

int sweep_command(const SweepOptions& options) {
  const SweepSpec spec = load_sweep_spec(options.spec);  // SceneError: exit 2
  const uint64_t cases = sweep_case_count(spec);
  if (options.print_jobs) {
    const std::string weft = this_weft();
    for (uint64_t index = 0; index < cases; ++index) {
      std::string line;
      for (const std::string& word : sweep_case_command(spec, index, weft))
        line += (line.empty() ? "" : " ") + shell_word(word);
      std::printf("%s\n", line.c_str());
    }
  }
  if (!options.collect.empty()) return collect(spec, options.collect);
  if (!options.print_jobs) {
    std::printf(
        "%llu cases, summaries in %s\n"
        "  weft sweep %s --print-jobs             their command lines\n"
        "  sbatch --array=0-%llu tools/slurm_sweep.sh %s   a Slurm job array\n",
        static_cast<unsigned long long>(cases), spec.output.string().c_str(), options.spec.c_str(),
        static_cast<unsigned long long>(cases - 1), options.spec.c_str());
  }
  return 0;
}

}  // namespace weft
