#include "sim/model/range_text.h"

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace weft {

std::string bound_text(double value) {
  const double exponent = std::round(std::log10(std::abs(value)));
  if (value > 0.0 && std::abs(exponent) >= 3 && std::pow(10.0, exponent) == value) {
    return "1e" + std::to_string(int(exponent));
  }
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::string range_text(double min, double max, bool min_inclusive, bool max_inclusive, bool integer,
                       const std::string& max_text) {
  auto bound = [&](double value) {
    return integer ? std::to_string(static_cast<int64_t>(value)) : bound_text(value);
  };
  const bool has_min = std::abs(min) < 1e300;
  const bool has_max = !max_text.empty() || std::abs(max) < 1e300;
  if (!has_min && !has_max) return "finite";
  if (!has_max) return (min_inclusive ? ">= " : "> ") + bound(min);
  return std::string(integer ? "integer in " : "") + (min_inclusive ? "[" : "(") + bound(min) +
         ", " + (max_text.empty() ? bound(max) : max_text) + (max_inclusive ? "]" : ")");
}

}  // namespace weft
