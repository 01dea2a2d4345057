#include "app/cli_numbers.h"

#include <cerrno>
#include <cstdlib>

namespace weft {

bool is_decimal_digits(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

CLI::Validator decimal_in_range(uint64_t min, uint64_t max) {
  const std::string range = std::to_string(min) + " to " + std::to_string(max);
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        const std::string expected =
            "expected a whole number from " + range + " in decimal digits, got '" + text + "'";
        if (!is_decimal_digits(text) || text.size() > 19) return expected;
        errno = 0;
        const unsigned long long value = std::strtoull(text.c_str(), nullptr, 10);
        if (errno != 0 || value < min || value > max) return expected;
        text = std::to_string(value);  // "010" is ten: CLI11 would read a leading 0 as octal
        return {};
      },
      "INT in [" + std::to_string(min) + " - " + std::to_string(max) + "]");
}

}  // namespace weft
