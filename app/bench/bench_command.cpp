#include "app/bench/bench_command.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "app/bench/bench_report.h"
#include "app/bench/bench_runner.h"
#include "app/gpu_context.h"

namespace weft {

namespace {

void write_report(std::ostream& out, const BenchReport& report, BenchFormat format) {
  switch (format) {
    case BenchFormat::table: write_bench_table(out, report); break;
    case BenchFormat::json: write_bench_json(out, report); break;
    case BenchFormat::csv: write_bench_csv(out, report); break;
  }
}

}  // namespace

int bench_command(const BenchOptions& options) {
  // Open the output first: a typo in the path should not cost a long measurement.
  std::ofstream file;
  if (!options.output.empty()) {
    file.open(options.output);
    if (!file) throw std::runtime_error("cannot write the bench report to " + options.output);
  }
  GpuContext gpu = create_gpu_context(options.gpu);
  const BenchReport report = run_bench(*gpu.device, gpu.instance->validation_enabled(), options);
  if (options.output.empty()) {
    write_report(std::cout, report, options.format);
  } else {
    // The file gets the format asked for, the terminal the table: one run gives both.
    write_report(file, report, options.format);
    file.flush();
    if (!file)
      throw std::runtime_error("writing the bench report to " + options.output + " failed");
    write_bench_table(std::cout, report);
    std::fprintf(stderr, "bench: report written to %s\n", options.output.c_str());
  }
  std::cout.flush();

  if (const int status = validation_exit_status(gpu)) return status;
  for (const GridResult& g : report.grids) {
    if (!g.blow_up.empty()) {
      std::fprintf(stderr, "weft: the %s cloth blew up during the bench: %s\n",
                   grid_name(g.grid).c_str(), g.blow_up.c_str());
      return 3;
    }
  }
  for (const GridResult& g : report.grids)
    if (!g.refused.empty()) return 5;
  return 0;
}

}  // namespace weft
