// `weft settings [TABLE]`: the keys of a scene file's tables with their units, defaults and
// ranges, from the lists the scene reader checks against: a system's [solver], [environment]
// and [environment.ground] (sim/model/setting_keys.h, the keys `--set` takes as solver.KEY and
// environment.KEY), and, named, an object's or collider's (app/scene/object_keys.h).
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace weft {

CLI::App* add_settings_command(CLI::App& app, std::string& table);
// Returns the exit code: 2 for a table weft does not know.
int settings_command(const std::string& table);

}  // namespace weft
