// `weft view [SCENE]`: the interactive viewer.
#pragma once

#include "app/viewer/view_options.h"

namespace CLI {
class App;
}

namespace weft {

// Adds the `view` subcommand to the CLI; `options` receives its flags.
CLI::App* add_view_command(CLI::App& app, ViewOptions& options);
// Opens the window and runs it; without a display, says so and points to the headless mode.
int view_command(const ViewOptions& options);

}  // namespace weft
