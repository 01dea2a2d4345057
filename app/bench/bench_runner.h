// Measures every grid `weft bench` was asked for on one device and gathers a BenchReport:
// copy bandwidth first, then per grid the cloth, its GPU frames, its health, and (--cpu) the CPU
// reference's time for the same frames.
#pragma once

#include "app/bench/bench_options.h"
#include "app/bench/bench_report.h"

namespace weft {

class Device;

// Progress goes to stderr; the report is returned, not printed. Throws only on Vulkan or
// option errors: a grid that does not fit the device is reported as refused.
BenchReport run_bench(Device& device, bool validation, const BenchOptions& options);

}  // namespace weft
