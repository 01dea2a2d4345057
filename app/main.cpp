// weft: a GPU cloth simulator on Vulkan compute shaders.
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "app/bench/bench_command.h"
#include "app/run_command.h"
#include "app/version.h"

int main(int argc, char** argv) {
  CLI::App app{"weft: a mass-spring cloth simulator on Vulkan compute shaders"};
  app.set_version_flag("--version", std::string("weft ") + weft::kVersion);
  app.require_subcommand(1);

  weft::RunOptions run_options;
  CLI::App* run = weft::add_run_command(app, run_options);
  weft::BenchOptions bench_options;
  CLI::App* bench = weft::add_bench_command(app, bench_options);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error);
  }
  try {
    if (run->parsed()) return weft::run_command(run_options);
    if (bench->parsed()) return weft::bench_command(bench_options);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "weft: %s\n", error.what());
    return 1;
  }
  return 0;
}
