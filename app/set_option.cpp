#include "app/set_option.h"

#include <CLI/CLI.hpp>

namespace weft {

void add_set_option(CLI::App& command, std::vector<std::string>& overrides) {
  command
      .add_option("--set", overrides,
                  "Override a key of the scene file, checked as the file's own (repeatable): "
                  "--set solver.substeps=16 --set environment.wind=[4,0,0] --set "
                  "cloth.material=silk --set cloth.columns=64 (the keys: weft settings, weft "
                  "settings cloth, weft materials; in full: docs/scenes.md)")
      ->option_text("KEY=VALUE")
      ->allow_extra_args(false)
      ->take_all();
}

std::string set_option_problem(const std::vector<std::string>& overrides,
                               const std::string& scene_file) {
  if (overrides.empty() || !scene_file.empty()) return "";
  return "--set overrides a scene file's keys: name a scene file (weft ships them in scenes/)";
}

}  // namespace weft
