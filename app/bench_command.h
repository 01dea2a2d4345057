// `weft bench`: GPU time per pass and throughput against the device's memory bandwidth. Only
// registered for now: the profiling work builds it (see DESIGN.md, "How fast is fast").
#pragma once

namespace CLI {
class App;
}

namespace weft {

CLI::App* add_bench_command(CLI::App& app);
int bench_command();

}  // namespace weft
