#include "app/scene/toml_precheck.h"

#include <cstdint>
#include <cstdio>
#include <string>

#include "app/scene/scene_error.h"

namespace weft {

namespace {

enum class Context { code, comment, basic, literal, multiline_basic, multiline_literal };

bool starts_with(std::string_view text, size_t at, std::string_view prefix) {
  return text.substr(at, prefix.size()) == prefix;
}

}  // namespace

void check_toml_characters(std::string_view text, const std::string& file) {
  Context context = Context::code;
  // The byte after a backslash in a basic string cannot end the string, but it is still checked
  // like any other: skipping it would let "\<ESC>" through.
  bool escaped = false;
  uint32_t line = 1;
  uint32_t column = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte & 0xC0) != 0x80) ++column;  // UTF-8 continuation bytes are not new characters
    // TOML allows no control character anywhere but tab, line feed and (before a line feed)
    // carriage return: not in strings, not in comments. toml++ 3.3 can reach undefined behaviour
    // on some of them inside strings, so they are refused here, with their place.
    if ((byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') || byte == 0x7F) {
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", byte);
      throw SceneError({file, line, column}, "", "",
                       std::string("control character ") + code +
                           " (TOML allows none but tab and line breaks, even in strings)");
    }
    if (byte >= 0x80 && context != Context::comment) {
      throw SceneError({file, line, column}, "", "",
                       "non-ASCII character outside a # comment (weft's scene files are ASCII "
                       "but for comments: the TOML library weft uses can misbehave on them)");
    }
    if (byte == '\n') {
      ++line;
      column = 0;
      escaped = false;  // a line-ending backslash in a multi-line string
      // Comments and single-line strings end with the line (an unterminated string is the
      // parser's error to report).
      if (context != Context::multiline_basic && context != Context::multiline_literal) {
        context = Context::code;
      }
      continue;
    }
    switch (context) {
      case Context::code:
        if (byte == '#') {
          context = Context::comment;
        } else if (starts_with(text, i, "\"\"\"")) {
          context = Context::multiline_basic;
          i += 2;
        } else if (starts_with(text, i, "'''")) {
          context = Context::multiline_literal;
          i += 2;
        } else if (byte == '"') {
          context = Context::basic;
        } else if (byte == '\'') {
          context = Context::literal;
        }
        break;
      case Context::comment: break;
      case Context::basic:
        if (escaped) {
          escaped = false;
        } else if (byte == '\\') {
          escaped = true;
        } else if (byte == '"') {
          context = Context::code;
        }
        break;
      case Context::literal:
        if (byte == '\'') context = Context::code;
        break;
      case Context::multiline_basic:
      case Context::multiline_literal: {
        const bool basic = context == Context::multiline_basic;
        const char quote = basic ? '"' : '\'';
        if (escaped) {
          escaped = false;
        } else if (basic && byte == '\\') {
          escaped = true;
        } else if (byte == static_cast<unsigned char>(quote) &&
                   starts_with(text, i, std::string(3, quote))) {
          i += 2;
          // Up to two more quotes belong to the string: """a"""" is 'a"'.
          for (int extra = 0; extra < 2 && i + 1 < text.size() && text[i + 1] == quote; ++extra)
            ++i;
          context = Context::code;
        }
        break;
      }
    }
  }
}

}  // namespace weft
