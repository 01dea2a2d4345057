// `weft bench`: measures, then writes the report as a table, JSON or CSV (bench_options.h).
#pragma once

#include "app/bench/bench_options.h"

namespace weft {

// Exit status: 0; 3 if a grid's positions went non-finite; 4 on validation errors; 5 if a grid did
// not fit the device (the report still holds every other grid).
int bench_command(const BenchOptions& options);

}  // namespace weft
