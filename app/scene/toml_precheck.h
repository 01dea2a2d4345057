// A check of a scene file's text before it reaches the TOML parser: TOML allows non-ASCII
// characters only inside strings and comments, and toml++ 3.3.0 (Debian 12) reaches a
// __builtin_unreachable() for some of them elsewhere (is_non_ascii_horizontal_whitespace, found
// by tools/fuzz_scene.sh). Refusing them here gives the user a clear message and keeps such
// input away from that undefined behaviour.
#pragma once

#include <string>
#include <string_view>

namespace weft {

// Throws SceneError at the line and column of the first non-ASCII character outside a string or
// a comment. Anything else, valid or not, is left to the TOML parser.
void check_toml_characters(std::string_view text, const std::string& file);

}  // namespace weft
