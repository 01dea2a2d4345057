// The GPU solver variants `weft bench --variant` can measure. Each variant says how to build its
// solver, how much device memory it needs and how many bytes each of its passes moves, because a
// specialised solver (a grid that finds its neighbours by index instead of through spring refs)
// differs in all three. Adding a variant is one entry in bench_variants() (bench_variant.cpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/bench/pass_traffic.h"
#include "sim/gpu_buffers.h"

namespace weft {

class Device;
class GpuSolver;
struct Model;

struct BenchVariant {
  const char* name;         // --variant NAME
  const char* description;  // printed with the results
  std::unique_ptr<GpuSolver> (*make_solver)(Device& device, const Model& model);
  // What the solver allocates, known before the model is built (to refuse grids that do not fit).
  GpuFootprint (*footprint)(const GpuFootprint& general);
  // Bytes each pass moves per frame, from the variant's data layout.
  std::vector<PassTraffic> (*traffic)(const TrafficInputs& inputs);
};

const std::vector<BenchVariant>& bench_variants();
// Throws std::invalid_argument listing the variants when `name` is none of them.
const BenchVariant& find_bench_variant(const std::string& name);

}  // namespace weft
