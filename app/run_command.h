// `weft run`: simulate without a window and say what happened.
#pragma once

#include <cstdint>
#include <string>

#include "app/frame_capture.h"
#include "app/gpu_context.h"
#include "sim/model.h"

namespace CLI {
class App;
}

namespace weft {

struct RunOptions {
  uint32_t frames = 120;
  uint32_t columns = 64;
  uint32_t rows = 64;
  bool use_cpu = false;  // the CPU reference instead of the GPU
  SolverVariant variant = SolverVariant::automatic;
  GpuContextOptions gpu;
  FrameCaptureOptions capture;  // --capture-frame N [--capture-file PATH]
};

// Adds the `run` subcommand to the CLI; `options` receives its flags.
CLI::App* add_run_command(CLI::App& app, RunOptions& options);
int run_command(const RunOptions& options);

}  // namespace weft
