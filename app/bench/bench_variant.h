// The solver variants `weft bench --variant` can measure: the solver modules the cloth is built
// for (sim/model/model.h SolverVariant). Memory, passes and bytes follow from the modules.
#pragma once

#include <string>
#include <vector>

#include "sim/model/model.h"

namespace weft {

struct BenchVariant {
  const char* name;         // --variant NAME
  const char* description;  // printed with the results
  SolverVariant solver;
};

const std::vector<BenchVariant>& bench_variants();
// Throws std::invalid_argument listing the variants when `name` is none of them.
const BenchVariant& find_bench_variant(const std::string& name);

}  // namespace weft
