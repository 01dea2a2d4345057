// `weft materials`: the figures a cloth material is given by (their keys, units and ranges) and
// the named materials with theirs, as a scene file would write them: what docs/scenes.md's
// Materials tables say, from the same list the scene reader checks against.
#pragma once

namespace CLI {
class App;
}

namespace weft {

CLI::App* add_materials_command(CLI::App& app);
int materials_command();

}  // namespace weft
