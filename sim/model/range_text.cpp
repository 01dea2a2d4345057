#include "sim/model/range_text.h"

#include <cmath>
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

}  // namespace weft
