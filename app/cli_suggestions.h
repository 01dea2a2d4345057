// Command-line mistakes answered as scene mistakes are: an option a command does not have gets
// the nearest one it does ("did you mean '--frames'?"), and `weft` alone lists its commands.
#pragma once

#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace weft {

// What `weft` with no command prints: each command and what it does.
std::string command_list(const CLI::App& app);

// The first long option in argv[2...] that the command argv[1] does not have, said with the
// nearest option it has; nothing when every option is known (the parse failed for another
// reason, which CLI11 then reports).
std::optional<std::string> unknown_option_message(const CLI::App& app, int argc, char** argv);

}  // namespace weft
