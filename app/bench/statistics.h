// Order statistics of a set of timings.
#pragma once

#include <cstddef>
#include <vector>

namespace weft {

struct Summary {
  double median = 0.0;
  double p95 = 0.0;  // 95th percentile, nearest rank: 95% of the values are at or below it
  double mean = 0.0;
  double min = 0.0;
  double max = 0.0;
  size_t count = 0;
};

// All zeros for an empty set.
Summary summarize(std::vector<double> values);

}  // namespace weft
