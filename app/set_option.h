// --set KEY=VALUE, the same option on `weft run` and `weft view`: any key of the scene file,
// checked as the file's own (app/scene/scene_overrides.h).
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace weft {

void add_set_option(CLI::App& command, std::vector<std::string>& overrides);

// Why the overrides cannot apply (no scene file to apply them to), or an empty string.
std::string set_option_problem(const std::vector<std::string>& overrides,
                               const std::string& scene_file);

}  // namespace weft
