// What `weft bench` measures and how it reports, from its command line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/gpu_context.h"
#include "sim/model/model.h"

namespace CLI {
class App;
}

namespace weft {

struct GridSize {
  uint32_t columns = 0;
  uint32_t rows = 0;
};

// "256x128" -> {256, 128}; "512" -> {512, 512}. Throws std::invalid_argument naming the text.
GridSize parse_grid_size(const std::string& text);
std::string grid_name(const GridSize& grid);  // "256x128"

// The bench cloth's model. material: cotton in physical units (cloth_material.h): structural
// and shear links are XPBD constraints, bending elements, tethers to the pins. The others put a
// spring on every link, and make none, the structural or the structural and shear links also
// distance constraints for the relaxation sweeps.
enum class BenchConstraints { material, none, structural, structural_and_shear };
const char* constraints_name(BenchConstraints constraints);  // "structural", ...

enum class BenchFormat { table, json, csv };

// The grids of the scaling table (--scaling).
inline const std::vector<GridSize> kScalingGrids = {{1024, 1024}, {4096, 4096}, {8192, 8192}};

// Substeps per frame and relaxation sweeps per substep when --substeps or --sweeps is not given.
// With the tethers and strain limits of a material, the sweeps only smooth what is left, so the
// general path spends its budget on substeps: 37 x 1. Each substep the cloth falls g dt^2 and the
// solver must bring it back to the pins; the stretch it leaves grows with that fall over the
// link's length, which doubles with each doubling of the grid at a fixed substep count (16 hold
// 256 x 256 within a percent, 32 hold 512 x 512, 37 hold 1024 x 1024). The grid
// path's Jacobi sweeps alternate between two buffers and an odd count ends with a copy back that
// moves as many bytes as a sweep, so its substeps are dearer in bytes: 16 x 4 (docs/physics.md,
// "How stiff is the cloth").
struct SolverSteps {
  uint32_t substeps;
  uint32_t sweeps;
};
SolverSteps default_solver_steps(const std::string& variant);

struct BenchOptions {
  std::vector<GridSize> grids{{256, 256}};
  uint32_t substeps = 37;  // per frame; without --substeps: default_solver_steps()
  uint32_t sweeps = 1;  // relaxation sweeps per substep; without --sweeps: default_solver_steps()
  Integrator integrator = Integrator::verlet;
  std::string variant = "general";  // bench_variant.h
  BenchConstraints constraints = BenchConstraints::material;
  bool self_collision = false;  // keep the cloth's particles a spacing apart
  uint32_t frames = 200;        // measured, after the warm-up
  uint32_t warmup = 20;         // run and discarded: pipeline compilation, caches, clocks
  bool cpu = false;             // also time the CPU reference
  uint32_t cpu_frames = 0;      // 0: as many as --frames
  uint32_t copy_mib = 256;      // size of the buffer copied to measure copy bandwidth, MiB
  BenchFormat format = BenchFormat::table;
  std::string output;  // empty: stdout
  GpuContextOptions gpu;
  // --render WxH: also draw every frame offscreen at this size, as the viewer would.
  std::optional<GridSize> render;
};

// Adds the `bench` subcommand; `options` receives its flags.
CLI::App* add_bench_command(CLI::App& app, BenchOptions& options);

}  // namespace weft
