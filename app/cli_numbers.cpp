#include "app/cli_numbers.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
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

CLI::Validator decimal_fraction_in_range(double min, double max) {
  char range[64];
  std::snprintf(range, sizeof range, "%g to %g", min, max);
  const std::string expected_range = range;
  return CLI::Validator(
      [min, max, expected_range](std::string& text) -> std::string {
        const std::string expected = "expected a number from " + expected_range +
                                     " in decimal digits (such as 30 or 29.97), got '" + text + "'";
        const size_t point = text.find('.');
        const std::string whole = text.substr(0, point);
        const std::string fraction = point == std::string::npos ? "" : text.substr(point + 1);
        if ((whole.empty() && fraction.empty()) || (!whole.empty() && !is_decimal_digits(whole)) ||
            (!fraction.empty() && !is_decimal_digits(fraction)) || text.size() > 32) {
          return expected;
        }
        const double value = std::strtod(text.c_str(), nullptr);
        if (!std::isfinite(value) || value < min || value > max) return expected;
        return {};
      },
      "NUMBER in [" + expected_range + "]");
}

}  // namespace weft
