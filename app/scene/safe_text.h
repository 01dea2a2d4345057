// Text that came from a file or a command line on its way to a terminal, a message or a file
// name. Control characters (C0, DEL and the C1 range U+0080-U+009F) let such text clear a screen,
// move the cursor or set a terminal's title; the Unicode bidirectional controls let it show
// something other than what it holds. Scene files refuse both in strings; messages that quote
// input escape them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace weft {

// The first control or bidirectional character of UTF-8 text, as "U+001B", or nothing.
// Malformed UTF-8 counts as unsafe too ("invalid UTF-8"). With `allow_line_breaks`, line feed and
// tab pass (the layout of multi-line text; carriage return, which can overwrite a line, does not).
std::optional<std::string> first_unsafe_character(std::string_view utf8,
                                                  bool allow_line_breaks = false);

// `text` with every unsafe character (and every byte of malformed UTF-8) written as \xNN, so that
// it can reach a terminal; line feeds are kept when `keep_line_feeds` (multi-line messages).
std::string escape_unsafe_characters(std::string_view text, bool keep_line_feeds = false);

// Input quoted in a message: escaped as above, and cut after `max_bytes` ("..." marks the cut),
// so that a long value cannot flood the terminal.
std::string quoted_input(std::string_view text, size_t max_bytes = 64);

}  // namespace weft
