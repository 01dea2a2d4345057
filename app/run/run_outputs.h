// The outputs of `weft run`, checked before anything is loaded or simulated: every path the
// options name can be written (export/output_checks.h), a point cache's rest mesh too, and at
// most one of them is standard output (two would arrive as one stream that neither reader can
// take apart).
#pragma once

#include "app/run/run_command.h"

namespace weft {

// Prints the first problem (naming the option and the path) and returns false, or returns true.
bool outputs_can_be_written(const RunOptions& options);

// Whether an output goes to standard output: the report then goes to standard error, so that a
// pipe receives the data alone.
bool data_on_standard_output(const RunOptions& options);

}  // namespace weft
