// weft: a GPU cloth simulator on Vulkan compute shaders.
#include <cstdio>
#include <exception>
#include <string_view>

#include <CLI/CLI.hpp>

#include "app/bench/bench_command.h"
#include "app/export/atomic_file.h"
#include "app/run_command.h"
#include "app/scene/scene_error.h"
#include "app/viewer/view_command.h"
#include "app/version.h"
#include "sim/model_error.h"

namespace {

// Exit codes: 0 success, 1 failure of the machine (Vulkan, disk), 2 bad input, 3 blow-up.
constexpr int kBadInput = 2;

// Errors from deeper down may already say they come from weft.
void print_error(const char* message) {
  const std::string_view text(message);
  std::fprintf(stderr, "%s%s\n", text.starts_with("weft: ") ? "" : "weft: ", message);
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
  weft --version
Scenes: scenes/*.toml (ropes, particles and cloths); keys in docs/scenes.md.)");

  weft::RunOptions run_options;
  CLI::App* run = weft::add_run_command(app, run_options);
  weft::BenchOptions bench_options;
  CLI::App* bench = weft::add_bench_command(app, bench_options);
  weft::ViewOptions view_options;
  CLI::App* view = weft::add_view_command(app, view_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);  // prints help, the version, or what was wrong
    return code == 0 ? 0 : kBadInput;
  }
  try {
    if (run->parsed()) return weft::run_command(run_options);
    if (bench->parsed()) return weft::bench_command(bench_options);
    if (view->parsed()) return weft::view_command(view_options);
  } catch (const weft::SceneError& error) {
    std::fprintf(stderr, "%s\n", error.what());  // file:line: key ...: what was expected
    return kBadInput;
  } catch (const weft::ModelError& error) {
    print_error(error.what());
    return kBadInput;
  } catch (const weft::ExportError& error) {
    print_error(error.what());
    return 1;
  } catch (const std::exception& error) {
    print_error(error.what());
    return 1;
  }
  return 0;
}
