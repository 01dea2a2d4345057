#include "app/bench/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace weft {

Summary summarize(std::vector<double> values) {
  Summary s;
  s.count = values.size();
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  s.median = n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
  const size_t rank = static_cast<size_t>(std::ceil(0.95 * static_cast<double>(n)));
  s.p95 = values[std::max<size_t>(rank, 1) - 1];
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(n);
  s.min = values.front();
  s.max = values.back();
  return s;
}

}  // namespace weft
