// weft: a GPU cloth simulator on Vulkan compute shaders.
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/bench/bench_command.h"
#include "app/cli_suggestions.h"
#include "app/export/output_file.h"
#include "app/run/run_command.h"
#include "app/scene/closest_match.h"
#include "app/scene/safe_text.h"
#include "app/scene/scene_error.h"
#include "app/scene/scene_overrides.h"
#include "app/materials/materials_command.h"
#include "app/settings/settings_command.h"
#include "app/sweep/sweep_command.h"
#include "app/set_option.h"
#include "app/viewer/view_command.h"
#include "app/version.h"
#include "sim/model/model_error.h"

namespace {

// Exit codes: 0 success, 1 failure of the machine (Vulkan, disk), 2 bad input, 3 blow-up.
constexpr int kBadInput = 2;

// Messages from deeper layers may already say who speaks ("weft: ..."): say it once. They may
// quote input (a path, a name), so control characters are escaped on the way to the terminal.
void print_error(const char* what) {
  constexpr const char* kPrefix = "weft: ";
  if (std::strncmp(what, kPrefix, std::strlen(kPrefix)) == 0) what += std::strlen(kPrefix);
  std::fprintf(stderr, "%s%s\n", kPrefix, weft::escape_unsafe_characters(what, true).c_str());
}

// CLI11 answers a misspelt command with "A subcommand is required"; say what was wrong instead.
// Returns false (after the message) when argv names a command weft does not have.
bool command_is_known(int argc, char** argv, const CLI::App& app) {
  if (argc < 2) {
    std::fprintf(stderr, "%s\n", weft::command_list(app).c_str());
    return false;
  }
  if (argv[1][0] == '-') return true;  // options: CLI11's to report
  std::vector<std::string> names;
  for (const CLI::App* command : app.get_subcommands({})) {
    if (command->get_name() == argv[1]) return true;
    names.push_back(command->get_name());
  }
  std::string message = "unknown command '" + weft::quoted_input(argv[1]) + "'; expected " +
                        weft::quoted_list(names) + " (weft --help lists them)";
  if (auto suggestion = weft::closest_match(argv[1], names)) {
    message += "; did you mean '" + *suggestion + "'?";
  }
  print_error(message.c_str());
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // Named, so that Usage: says weft however it was started.
  CLI::App app{"weft: a mass-spring cloth simulator on Vulkan compute shaders", "weft"};
  app.set_version_flag("--version", std::string("weft ") + weft::kVersion);
  app.require_subcommand(1);
  app.footer(R"(Examples:
  weft run scenes/nehe40_rope.toml     simulate a preset headless and print a summary
  weft run --help                      every option of run, with more examples
  weft view                            the interactive viewer (needs a display)
  weft sweep SPEC.toml --print-jobs    a grid of --set values as one command line per case
  weft materials                       the figures of a cloth material, and the named ones
  weft settings [TABLE]                the keys of [solver] and [environment] (or of TABLE: cloth,
                                       environment.collider, ...) with their units and ranges
  weft --version
Scenes: scenes/*.toml (ropes, particles and cloths); keys in docs/scenes.md.)");

  weft::RunOptions run_options;
  CLI::App* run = weft::add_run_command(app, run_options);
  weft::BenchOptions bench_options;
  CLI::App* bench = weft::add_bench_command(app, bench_options);
  weft::ViewOptions view_options;
  CLI::App* view = weft::add_view_command(app, view_options);
  weft::SweepOptions sweep_options;
  CLI::App* sweep = weft::add_sweep_command(app, sweep_options);
  CLI::App* materials = weft::add_materials_command(app);
  std::string settings_table;
  CLI::App* settings = weft::add_settings_command(app, settings_table);
  std::vector<std::string> overrides;  // --set, of run and view
  for (CLI::App* command : {run, view})
    weft::add_set_option(*command, overrides);

  if (!command_is_known(argc, argv, app)) return kBadInput;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() != 0) {
      if (auto message = weft::unknown_option_message(app, argc, argv)) {
        print_error(message->c_str());
        return kBadInput;
      }
    }
    const int code = app.exit(error);  // prints help, the version, or what was wrong
    return code == 0 ? 0 : kBadInput;
  }
  const std::string scene_file = run->parsed() ? run_options.scene : view_options.scene;
  if (const std::string problem = weft::set_option_problem(overrides, scene_file);
      !problem.empty()) {
    print_error(problem.c_str());
    return kBadInput;
  }
  weft::set_command_line_overrides(overrides);
  try {
    if (run->parsed()) return weft::run_command(run_options);
    if (bench->parsed()) return weft::bench_command(bench_options);
    if (view->parsed()) return weft::view_command(view_options);
    if (sweep->parsed()) return weft::sweep_command(sweep_options);
    if (materials->parsed()) return weft::materials_command();
    if (settings->parsed()) return weft::settings_command(settings_table);
  } catch (const weft::SceneError& error) {
    std::fprintf(stderr, "%s\n", error.what());  // file:line: key ...: what was expected
    return kBadInput;
  } catch (const weft::ModelError& error) {
    print_error(error.what());
    return kBadInput;
  } catch (const std::bad_alloc&) {
    print_error(
        "out of memory: the scene, or a file it names, needs more memory than weft may have here");
    return 1;
  } catch (const std::exception& error) {  // ExportError among them: the disk, not the input
    print_error(error.what());
    return 1;
  }
  return 0;
}
