#include "app/bench/bench_options.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "app/bench/bench_variant.h"
#include "app/cli_numbers.h"
#include "app/export/output_checks.h"
#include "app/scene/safe_text.h"

namespace weft {

namespace {

constexpr uint32_t kMaxGridSide = 65536;

// The most the copy-bandwidth buffer may be: beyond this, no device weft runs on allocates one
// buffer of that size (the measurement also caps it at the device's largest allocation and a
// quarter of its memory, and the report states the size used).
constexpr uint32_t kMaxCopyMib = 4096;

uint32_t parse_side(const std::string& text, const std::string& whole) {
  // Decimal digits only: std::stoul would take " 16" and "+16", CLI11's own reading "0x10".
  unsigned long value = 0;
  const bool digits = is_decimal_digits(text) && text.size() <= 9;
  if (digits) value = std::stoul(text);
  if (!digits || value < 2 || value > kMaxGridSide) {
    throw std::invalid_argument("grid '" + whole +
                                "': each side must be a whole number from 2 to " +
                                std::to_string(kMaxGridSide) + " (e.g. 1024x1024)");
  }
  return static_cast<uint32_t>(value);
}

const char* kBenchSummary =
    "Time every GPU pass of the cloth solver against the device's copy bandwidth";

const char* kBenchHelp =
    R"(The cloth: 2 m x 2 m of cotton in physical units (XPBD structural and shear links, bending,
tethers, strain limits; --constraints for spring models), two corners pinned, gravity, no
colliders.
Per pass: median, 95th percentile and mean GPU time over the measured frames (timestamps), bytes
moved per frame counted from the data layout, and that bandwidth as a share of a large
vkCmdCopyBuffer measured in the same run.

Examples:
  weft bench                                      256x256, 37 substeps x 1 sweep, Verlet
  weft bench --grid 256x256,1024x1024 --frames 100 --format json --output bench.json
  weft bench --scaling                            the scaling table: 1024^2, 4096^2, 8192^2
  weft bench --grid 64x64 --frames 20 --cpu       also time the CPU reference

Exit status: 0; 3 if the simulation blew up (non-finite positions); 4 on validation errors;
5 if a grid does not fit the device (the others are still measured and reported).)";

}  // namespace

namespace {

// "8x8,16x16" -> {"8x8", "16x16"}; an empty item is an error.
std::vector<std::string> split_grid_list(const std::string& text) {
  std::vector<std::string> items;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? comma : comma - start);
    if (item.empty()) {
      throw std::invalid_argument("grid list '" + text +
                                  "': an empty entry (write CxR,CxR with no comma at either end)");
    }
    items.push_back(item);
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

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

SolverSteps default_solver_steps(const std::string& variant) {
  if (variant == "grid") return {16, 4};
  return {37, 1};
}

const char* constraints_name(BenchConstraints constraints) {
  switch (constraints) {
    case BenchConstraints::material: return "material";
    case BenchConstraints::none: return "none";
    case BenchConstraints::structural: return "structural";
    case BenchConstraints::structural_and_shear: return "structural+shear";
  }
  return "";
}

CLI::App* add_bench_command(CLI::App& app, BenchOptions& options) {
  // The summary is what `weft --help` lists; the rest is for `weft bench --help`.
  CLI::App* bench = app.add_subcommand("bench", kBenchSummary);
  bench->footer(kBenchHelp);
  // The list is split here rather than by CLI11, which drops empty items: "8x8," is a typo.
  bench
      ->add_option_function<std::vector<std::string>>(
          "--grid",
          [&options](const std::vector<std::string>& texts) {
            options.grids.clear();
            for (const std::string& text : texts) {
              for (const std::string& item : split_grid_list(text))
                options.grids.push_back(parse_grid_size(item));
            }
          },
          "Cloth grids, columns x rows, comma-separated (default 256x256)")
      ->type_name("CxR[,CxR...]")
      ->check(CLI::Validator(
          [](std::string& text) {
            try {
              for (const std::string& item : split_grid_list(text))
                parse_grid_size(item);
              return std::string();
            } catch (const std::invalid_argument& error) {
              return std::string(error.what());
            }
          },
          "CxR"));
  bench
      ->add_flag_callback(
          "--scaling", [&options] { options.grids = kScalingGrids; },
          "The scaling table: grids 1024x1024, 4096x4096 and 8192x8192")
      ->excludes("--grid");
  bench
      ->add_option_function<std::string>(
          "--render",
          [&options](const std::string& text) { options.render = parse_grid_size(text); },
          "Also draw every frame offscreen at WxH pixels, as the viewer does (normals and the "
          "scene pass, 4x MSAA): times a cloth simulated and drawn with no display")
      ->type_name("WxH");
  CLI::Option* substeps =
      bench
          ->add_option("--substeps", options.substeps,
                       "Substeps per frame (default: 37 on the general path, 16 on the grid path)")
          ->transform(decimal_in_range(1, 1024));
  CLI::Option* sweeps =
      bench
          ->add_option("--sweeps", options.sweeps,
                       "Constraint relaxation sweeps per substep (default: 1 on the general "
                       "path, 4 on the grid path)")
          ->transform(decimal_in_range(0, 1024));
  bench->parse_complete_callback([&options, substeps, sweeps] {
    const SolverSteps steps = default_solver_steps(options.variant);
    if (substeps->count() == 0) options.substeps = steps.substeps;
    if (sweeps->count() == 0) options.sweeps = steps.sweeps;
  });
  // The scene files' keys; their hyphenated forms ("semi-implicit-euler") are read too.
  std::map<std::string, Integrator> integrators;
  std::string spellings;
  for (const EnumKey<Integrator>& k : kIntegratorKeys) {
    std::string key(k.key);
    integrators[key] = k.value;
    std::replace(key.begin(), key.end(), '_', '-');
    integrators[key] = k.value;
    spellings += (spellings.empty() ? "" : "|") + std::string(k.key);
  }
  bench->add_option("--integrator", options.integrator, "Integrator")
      ->transform(CLI::CheckedTransformer(integrators, CLI::ignore_case).description(""))
      ->type_name(spellings);
  std::vector<std::string> variants;
  for (const BenchVariant& v : bench_variants())
    variants.emplace_back(v.name);
  bench->add_option("--variant", options.variant, "GPU solver variant")
      ->check(CLI::IsMember(variants));
  const std::map<std::string, BenchConstraints> constraints{
      {"material", BenchConstraints::material},
      {"none", BenchConstraints::none},
      {"structural", BenchConstraints::structural},
      {"structural+shear", BenchConstraints::structural_and_shear}};
  bench
      ->add_option("--constraints", options.constraints,
                   "The cloth: cotton in physical units (material), or springs on every link "
                   "with none, the structural or the structural and shear links also distance "
                   "constraints")
      ->transform(CLI::CheckedTransformer(constraints, CLI::ignore_case).description(""))
      ->type_name("material|none|structural|structural+shear");
  bench->add_flag("--self-collision", options.self_collision,
                  "Turn self-collision on (thickness: the grid's spacing): its spatial hash and "
                  "contact passes are timed and counted with the rest");
  bench->add_option("--frames", options.frames, "Frames measured per grid")
      ->transform(decimal_in_range(1, 1000000));
  bench->add_option("--warmup", options.warmup, "Frames run first and discarded")
      ->transform(decimal_in_range(0, 1000000));
  bench->add_flag("--cpu", options.cpu, "Also time the CPU reference (float) on the same work");
  bench
      ->add_option("--cpu-frames", options.cpu_frames,
                   "Frames the CPU reference runs (default: --frames; lower it for big grids)")
      ->transform(decimal_in_range(1, 1000000))
      ->needs("--cpu");
  bench
      ->add_option("--copy-mib", options.copy_mib,
                   "Size of the copy-bandwidth buffer, MiB, at most " +
                       std::to_string(kMaxCopyMib) +
                       " (less when the device's largest allocation or a quarter of its memory "
                       "is smaller: the report gives the size used)")
      ->transform(decimal_in_range(1, kMaxCopyMib));
  const std::map<std::string, BenchFormat> formats{
      {"table", BenchFormat::table}, {"json", BenchFormat::json}, {"csv", BenchFormat::csv}};
  bench->add_option("--format", options.format, "Report format")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case).description(""))
      ->type_name("table|json|csv");
  bench
      ->add_option("--output", options.output,
                   "Write the report in --format to this file (the table still goes to stdout)")
      ->check(CLI::Validator(
          [](std::string& path) {
            // Checked as the option is read, before any measurement; a missing folder is
            // created, as for every output.
            const std::optional<std::string> problem = output_file_problem(path, true);
            return problem ? escape_unsafe_characters(path) + ": " + *problem : std::string();
          },
          "FILE"));
  bench->add_option("--device", options.gpu.device_selector,
                    "Vulkan device: index or part of its name");
  bench->add_flag("--validation", options.gpu.validation,
                  "Enable the Vulkan validation layer (timings are then not representative)");
  return bench;
}

}  // namespace weft
