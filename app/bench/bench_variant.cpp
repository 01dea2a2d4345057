#include "app/bench/bench_variant.h"

#include <stdexcept>

namespace weft {

const std::vector<BenchVariant>& bench_variants() {
  static const std::vector<BenchVariant> variants = {
      {"general",
       "any mesh: springs gathered through per-particle refs (CSR), coloured constraints",
       SolverVariant::general},
      {"grid",
       "cloth grid: neighbours by index (no refs, no constraint lists), Jacobi sweeps four to a "
       "dispatch in shared-memory squares",
       SolverVariant::grid},
  };
  return variants;
}

const BenchVariant& find_bench_variant(const std::string& name) {
  std::string known;
  for (const BenchVariant& variant : bench_variants()) {
    if (name == variant.name) return variant;
    known += std::string(known.empty() ? "" : ", ") + variant.name;
  }
  throw std::invalid_argument("unknown solver variant '" + name + "' (known: " + known + ")");
}

}  // namespace weft
