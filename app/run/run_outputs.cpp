#include "app/run/run_outputs.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "app/export/animation_exporter.h"
#include "app/export/output_checks.h"
#include "app/export/output_file.h"
#include "app/scene/safe_text.h"

namespace weft {

namespace {

struct NamedOutput {
  const char* option;
  std::string path;
};

// The file outputs the options name (not --export, a folder).
std::vector<NamedOutput> file_outputs(const RunOptions& options) {
  std::vector<NamedOutput> outputs;
  for (const NamedOutput& output :
       {NamedOutput{"--export-csv", options.export_csv},
        NamedOutput{"--screenshot", options.screenshot},
        NamedOutput{"--export-animation", options.export_animation},
        NamedOutput{"--video", options.video}, NamedOutput{"--capture-file", options.capture.file},
        NamedOutput{"--stats", options.stats},
        NamedOutput{"--summary-json", options.summary_json}}) {
    if (!output.path.empty()) outputs.push_back(output);
  }
  return outputs;
}

// A video is made by ffmpeg into a temporary file renamed over the target: a regular file only.
std::optional<std::string> video_file_problem(const std::string& path) {
  if (output_kind(path) != OutputKind::file) return "a video is written as a regular file";
  return output_file_problem(path, true);
}

std::optional<std::string> problem_of(const NamedOutput& output) {
  const std::string option = output.option;
  if (option == "--video") return video_file_problem(output.path);
  if (option == "--capture-file") return output_file_problem(output.path, false);
  return output_file_problem(output.path, true);
}

bool refuse(const char* option, const std::string& path, const std::string& problem) {
  std::fprintf(stderr, "weft: %s %s: %s\n", option, escape_unsafe_characters(path).c_str(),
               problem.c_str());
  return false;
}

}  // namespace

bool data_on_standard_output(const RunOptions& options) {
  for (const NamedOutput& output : file_outputs(options)) {
    if (output_kind(output.path) == OutputKind::standard_output) return true;
  }
  return false;
}

bool outputs_can_be_written(const RunOptions& options) {
  if (!options.export_dir.empty()) {
    if (auto problem = output_folder_problem(options.export_dir)) {
      return refuse("--export", options.export_dir, *problem);
    }
  }
  const char* on_standard_output = nullptr;  // the option that writes there
  for (const NamedOutput& output : file_outputs(options)) {
    if (auto problem = problem_of(output)) return refuse(output.option, output.path, *problem);
    if (output_kind(output.path) != OutputKind::standard_output) continue;
    if (on_standard_output) {
      return refuse(output.option, output.path,
                    std::string("standard output already takes ") + on_standard_output +
                        ": two outputs there would arrive as one stream; write one to a file");
    }
    on_standard_output = output.option;
  }
  if (!options.export_animation.empty() &&
      animation_format_for(options.export_animation) == AnimationFormat::pc2) {
    const std::filesystem::path rest = rest_mesh_file_for(options.export_animation);
    if (auto problem = output_file_problem(rest, rest_mesh_options())) {
      return refuse("--export-animation", options.export_animation,
                    "its rest mesh " + escape_unsafe_characters(rest.string()) + ": " + *problem);
    }
  }
  return true;
}

}  // namespace weft
