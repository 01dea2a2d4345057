// The solver variants `weft bench --variant` can measure, and what differs between them for the
// bench: the solver path the cloth is built for (sim/model.h SolverVariant) and how many bytes
// each pass moves (pass_traffic.h). Memory and construction follow from the path.
#pragma once

#include <string>
#include <vector>

#include "app/bench/pass_traffic.h"
#include "sim/model.h"

namespace weft {

struct BenchVariant {
  const char* name;         // --variant NAME
  const char* description;  // printed with the results
  SolverVariant solver;
  // Bytes each pass moves per frame, from the variant's data layout.
  std::vector<PassTraffic> (*traffic)(const TrafficInputs& inputs);
};

const std::vector<BenchVariant>& bench_variants();
// Throws std::invalid_argument listing the variants when `name` is none of them.
const BenchVariant& find_bench_variant(const std::string& name);

}  // namespace weft
