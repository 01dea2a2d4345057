// A check of a scene file's text before it reaches the TOML parser. toml++ 3.3.0 (Debian 12)
// reaches a __builtin_unreachable() for many non-ASCII characters (U+00A1-U+0499 among them) in
// is_non_ascii_horizontal_whitespace, and on malformed input it may ask that of a character that
// looks like part of a string (both found by tools/fuzz_scene.sh). So weft's scene files are
// ASCII except in # comments, and control characters, which TOML forbids everywhere, are
// refused too: the user gets a clear message and such input never reaches that undefined
// behaviour.
#pragma once

#include <string>
#include <string_view>

namespace weft {

// Throws SceneError at the line and column of the first non-ASCII character outside a comment, or
// of the first control character. Anything else, valid or not, is left to the TOML parser.
void check_toml_characters(std::string_view text, const std::string& file);

}  // namespace weft
