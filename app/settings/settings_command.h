// `weft settings`: every key of a system's [solver], [environment] and [environment.ground]
// tables with its unit, default and range, from the same list the scene reader checks against
// (sim/model/setting_keys.h): the keys `--set` takes as solver.KEY and environment.KEY.
#pragma once

namespace CLI {
class App;
}

namespace weft {

CLI::App* add_settings_command(CLI::App& app);
int settings_command();

}  // namespace weft
