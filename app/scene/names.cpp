#include "app/scene/names.h"

#include <cctype>
#include <cstdio>

namespace weft {

namespace {

bool is_name_character(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

}  // namespace

std::optional<std::string> name_problem(std::string_view name) {
  if (name.empty()) return "is empty";
  if (name.size() > kMaxNameLength) {
    return "is " + std::to_string(name.size()) + " characters long";
  }
  for (char c : name) {
    if (is_name_character(c)) continue;
    const auto byte = static_cast<unsigned char>(c);
    if (c == ' ') return "holds a space";
    if (byte >= 0x21 && byte < 0x7F) return std::string("holds '") + c + "'";
    char code[8];
    std::snprintf(code, sizeof code, "0x%02X", byte);
    return std::string("holds the byte ") + code;
  }
  if (!std::isalpha(static_cast<unsigned char>(name[0])) && name[0] != '_') {
    return "does not start with a letter or '_'";
  }
  return std::nullopt;
}

bool is_valid_name(std::string_view name) {
  return !name_problem(name).has_value();
}

std::string name_rule() {
  return "use 1 to " + std::to_string(kMaxNameLength) +
         " letters, digits, '_' or '-', starting with a letter or '_'";
}

}  // namespace weft
