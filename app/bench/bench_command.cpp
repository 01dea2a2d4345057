#include "app/bench/bench_command.h"

#include <cstdio>
#include <iostream>

#include "app/bench/bench_report.h"
#include "app/bench/bench_runner.h"
#include "app/export/interrupt.h"
#include "app/export/output_file.h"
#include "app/scene/safe_text.h"
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
  // A signal ends the bench at once: a report of part of the measurements is not written, and
  // an earlier report at --output stays as it was (--output was checked as the option was read).
  install_interrupt_handlers();
  GpuContext gpu = create_gpu_context(options.gpu);
  const BenchReport report = run_bench(*gpu.device, gpu.instance->validation_enabled(), options);
  if (options.output.empty()) {
    write_report(std::cout, report, options.format);
  } else {
    // The file gets the format asked for, the terminal the table: one run gives both. The file is
    // written whole or not at all (export/output_file.h).
    std::cout.flush();
    OutputOptions create;
    create.create_folders = true;
    const WrittenFile written = write_output_file(
        options.output, [&](std::ostream& out) { write_report(out, report, options.format); },
        create);
    if (output_kind(options.output) != OutputKind::standard_output) {
      write_bench_table(std::cout, report);
    }
    std::fprintf(stderr, "bench: report written to %s%s\n",
                 escape_unsafe_characters(options.output).c_str(),
                 written.replaced ? " (replacing the file that was there)" : "");
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
