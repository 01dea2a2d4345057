#include "app/bench/bench_variant.h"

#include <stdexcept>

#include "sim/gpu_solver.h"

namespace weft {

namespace {

std::unique_ptr<GpuSolver> make_general_solver(Device& device, const Model& model) {
  return std::make_unique<GpuSolver>(device, model);
}

GpuFootprint same_footprint(const GpuFootprint& general) {
  return general;
}

}  // namespace

const std::vector<BenchVariant>& bench_variants() {
  // A grid-specialised solver slots in here, e.g.
  //   {"grid", "regular grid, neighbours by index", make_grid_solver, grid_footprint,
  //    grid_traffic},
  // with make_grid_solver building GpuSolver(device, model, GpuSolverOptions{SolverVariant::grid}).
  static const std::vector<BenchVariant> variants = {
      {"general",
       "any mesh: springs gathered through per-particle refs (CSR), coloured constraints",
       make_general_solver, same_footprint, general_solver_traffic},
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
