#include "app/scene/safe_text.h"

#include <cstdint>
#include <cstdio>

namespace weft {

namespace {

// Decodes the UTF-8 sequence at text[i]; returns its length, or 0 when it is malformed.
size_t decode_utf8(std::string_view text, size_t i, uint32_t& code_point) {
  const auto byte = static_cast<unsigned char>(text[i]);
  size_t length = 0;
  if (byte < 0x80) {
    code_point = byte;
    return 1;
  } else if ((byte & 0xE0) == 0xC0) {
    code_point = byte & 0x1Fu;
    length = 2;
  } else if ((byte & 0xF0) == 0xE0) {
    code_point = byte & 0x0Fu;
    length = 3;
  } else if ((byte & 0xF8) == 0xF0) {
    code_point = byte & 0x07u;
    length = 4;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(text[i + k]);
    if ((next & 0xC0) != 0x80) return 0;
    code_point = (code_point << 6) | (next & 0x3Fu);
  }
  return length;
}

bool is_unsafe(uint32_t c) {
  if (c < 0x20 || c == 0x7F) return true;       // C0 and DEL (tab and newline included)
  if (c >= 0x80 && c <= 0x9F) return true;      // C1: 0x9B is a terminal's CSI
  if (c == 0x200E || c == 0x200F) return true;  // left-to-right and right-to-left marks
  if (c >= 0x202A && c <= 0x202E) return true;  // embeddings and overrides
  if (c >= 0x2066 && c <= 0x2069) return true;  // isolates
  return false;
}

}  // namespace

std::optional<std::string> first_unsafe_character(std::string_view utf8, bool allow_line_breaks) {
  for (size_t i = 0; i < utf8.size();) {
    uint32_t c = 0;
    const size_t length = decode_utf8(utf8, i, c);
    if (length == 0) return std::string("invalid UTF-8");
    if (is_unsafe(c) && !(allow_line_breaks && (c == '\n' || c == '\t'))) {
      char name[16];
      std::snprintf(name, sizeof name, "U+%04X", c);
      return std::string(name);
    }
    i += length;
  }
  return std::nullopt;
}

std::string escape_unsafe_characters(std::string_view text, bool keep_line_feeds) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    uint32_t c = 0;
    size_t length = decode_utf8(text, i, c);
    if (length > 0 && (!is_unsafe(c) || (keep_line_feeds && c == '\n'))) {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    if (length == 0) length = 1;  // a malformed byte: escape it alone and resynchronise
    for (size_t k = 0; k < length; ++k) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned char>(text[i + k]));
      out += escaped;
    }
    i += length;
  }
  return out;
}

std::string quoted_input(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return escape_unsafe_characters(text);
  // Cut at a character boundary, not inside a UTF-8 sequence.
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
    --cut;
  return escape_unsafe_characters(text.substr(0, cut)) + "...";
}

}  // namespace weft
