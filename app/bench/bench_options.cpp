#include "app/bench/bench_options.h"

#include <map>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "app/bench/bench_variant.h"

namespace weft {

namespace {

constexpr uint32_t kMaxGridSide = 65536;

uint32_t parse_side(const std::string& text, const std::string& whole) {
  size_t used = 0;
  unsigned long value = 0;
  try {
    value = std::stoul(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || value < 2 || value > kMaxGridSide) {
    throw std::invalid_argument("grid '" + whole +
                                "': each side must be a whole number from 2 to " +
                                std::to_string(kMaxGridSide) + " (e.g. 1024x1024)");
  }
  return static_cast<uint32_t>(value);
}

const char* kBenchHelp =
    R"(Time every GPU pass of the cloth solver and compare it with the device's copy bandwidth.

The cloth: a grid with springs on its structural, shear and bend links, structural distance
constraints for the relaxation sweeps (--constraints), two corners pinned, gravity, no colliders.
Per pass: median, 95th percentile and mean GPU time over the measured frames (timestamps), bytes
moved per frame counted from the data layout, and that bandwidth as a share of a large
vkCmdCopyBuffer measured in the same run.

Examples:
  weft bench                                      256x256, 16 substeps, 8 sweeps, Verlet
  weft bench --grid 256x256,1024x1024 --frames 100 --format json --output bench.json
  weft bench --scaling                            issue 6's table: 1024^2, 4096^2, 8192^2
  weft bench --grid 64x64 --frames 20 --cpu       also time the CPU reference

Exit status: 0; 3 if the simulation blew up (non-finite positions); 4 on validation errors;
5 if a grid does not fit the device (the others are still measured and reported).)";

}  // namespace

GridSize parse_grid_size(const std::string& text) {
  const size_t x = text.find('x');
  if (x == std::string::npos) {
    const uint32_t side = parse_side(text, text);
    return {side, side};
  }
  return {parse_side(text.substr(0, x), text), parse_side(text.substr(x + 1), text)};
}

std::string grid_name(const GridSize& grid) {
  return std::to_string(grid.columns) + "x" + std::to_string(grid.rows);
}

const char* constraints_name(BenchConstraints constraints) {
  switch (constraints) {
    case BenchConstraints::none: return "none";
    case BenchConstraints::structural: return "structural";
    case BenchConstraints::structural_and_shear: return "structural+shear";
  }
  return "";
}

CLI::App* add_bench_command(CLI::App& app, BenchOptions& options) {
  CLI::App* bench = app.add_subcommand("bench", kBenchHelp);
  bench->footer("");
  bench
      ->add_option_function<std::vector<std::string>>(
          "--grid",
          [&options](const std::vector<std::string>& texts) {
            options.grids.clear();
            for (const std::string& text : texts)
              options.grids.push_back(parse_grid_size(text));
          },
          "Cloth grids, columns x rows, comma-separated (default 256x256)")
      ->delimiter(',')
      ->type_name("CxR[,CxR...]")
      ->check(CLI::Validator(
          [](std::string& text) {
            try {
              parse_grid_size(text);
              return std::string();
            } catch (const std::invalid_argument& error) {
              return std::string(error.what());
            }
          },
          "CxR"));
  bench
      ->add_flag_callback(
          "--scaling", [&options] { options.grids = kScalingGrids; },
          "Issue 6's scaling table: grids 1024x1024, 4096x4096 and 8192x8192")
      ->excludes("--grid");
  bench
      ->add_option_function<std::string>(
          "--render",
          [&options](const std::string& text) { options.render = parse_grid_size(text); },
          "Also draw every frame offscreen at WxH pixels, as the viewer does (normals and the "
          "scene pass, 4x MSAA): times a cloth simulated and drawn with no display")
      ->type_name("WxH");
  bench->add_option("--substeps", options.substeps, "Substeps per frame")
      ->check(CLI::Range(1u, 1024u));
  bench->add_option("--sweeps", options.sweeps, "Constraint relaxation sweeps per substep")
      ->check(CLI::Range(0u, 1024u));
  const std::map<std::string, Integrator> integrators{
      {"verlet", Integrator::verlet},
      {"semi-implicit-euler", Integrator::semi_implicit_euler},
      {"explicit-euler", Integrator::explicit_euler}};
  bench->add_option("--integrator", options.integrator, "Integrator")
      ->transform(CLI::CheckedTransformer(integrators, CLI::ignore_case).description(""))
      ->type_name("verlet|semi-implicit-euler|explicit-euler");
  std::vector<std::string> variants;
  for (const BenchVariant& v : bench_variants())
    variants.emplace_back(v.name);
  bench->add_option("--variant", options.variant, "GPU solver variant")
      ->check(CLI::IsMember(variants));
  const std::map<std::string, BenchConstraints> constraints{
      {"none", BenchConstraints::none},
      {"structural", BenchConstraints::structural},
      {"structural+shear", BenchConstraints::structural_and_shear}};
  bench
      ->add_option("--constraints", options.constraints, "Links that are also distance constraints")
      ->transform(CLI::CheckedTransformer(constraints, CLI::ignore_case).description(""))
      ->type_name("none|structural|structural+shear");
  bench->add_flag("--self-collision", options.self_collision,
                  "Turn self-collision on (thickness: the grid's spacing): its spatial hash and "
                  "contact passes are timed and counted with the rest");
  bench->add_option("--frames", options.frames, "Frames measured per grid")
      ->check(CLI::Range(1u, 1000000u));
  bench->add_option("--warmup", options.warmup, "Frames run first and discarded")
      ->check(CLI::Range(0u, 1000000u));
  bench->add_flag("--cpu", options.cpu, "Also time the CPU reference (float) on the same work");
  bench
      ->add_option("--cpu-frames", options.cpu_frames,
                   "Frames the CPU reference runs (default: --frames; lower it for big grids)")
      ->check(CLI::Range(1u, 1000000u))
      ->needs("--cpu");
  bench->add_option("--copy-mib", options.copy_mib, "Size of the copy-bandwidth buffer, MiB")
      ->check(CLI::Range(1u, 65536u));
  const std::map<std::string, BenchFormat> formats{
      {"table", BenchFormat::table}, {"json", BenchFormat::json}, {"csv", BenchFormat::csv}};
  bench->add_option("--format", options.format, "Report format")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case).description(""))
      ->type_name("table|json|csv");
  bench->add_option("--output", options.output,
                    "Write the report in --format to this file (the table still goes to stdout)");
  bench->add_option("--device", options.gpu.device_selector,
                    "Vulkan device: index or part of its name");
  bench->add_flag("--validation", options.gpu.validation,
                  "Enable the Vulkan validation layer (timings are then not representative)");
  return bench;
}

}  // namespace weft
