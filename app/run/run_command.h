// `weft run`: simulate a scene without a window, optionally exporting frames, and say what
// happened. Exit codes: 0 done, 1 an output could not be written (or Vulkan failed), 2 bad input
// (scene file, command line, model, an output path that cannot be used), 3 blew up, 4 validation
// errors, 128 + the signal when SIGINT or SIGTERM stopped it (export/interrupt.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "app/frame_capture.h"
#include "app/gpu_context.h"
#include "app/scene/scene_camera.h"

namespace CLI {
class App;
}

namespace weft {

struct RunOptions {
  std::string scene;          // scene file; empty: the default scene
  uint32_t frames = 0;        // 0: the scene's [scene] frames
  uint32_t columns = 0;       // default scene only; 0: its default
  uint32_t rows = 0;          // default scene only; 0: its default
  bool use_cpu = false;       // the CPU reference instead of the GPU
  bool use_gpu = false;       // the GPU (the default; the flag makes it explicit)
  uint32_t cpu_threads = 0;   // the CPU reference's threads; 0: every core it may use
  std::string export_dir;     // OBJ/PLY sequence
  uint32_t export_every = 0;  // --every K; 0: not given (every frame)
  std::string export_csv;     // final positions
  bool quiet = false;         // no progress bar
  std::string variant;        // --variant: overrides every system's solver path; empty: the scene's
  uint32_t substeps = 0;      // --substeps: overrides every system's; 0: the scene's
  uint32_t sweeps = 0;  // --sweeps: relaxation sweeps per substep, every system's; 0: the scene's
  GpuContextOptions gpu;
  FrameCaptureOptions capture;   // --capture-frame N [--capture-file PATH]
  std::string screenshot;        // --screenshot PATH: the last frame drawn offscreen, as PNG
  std::string export_animation;  // --export-animation FILE: .pc2 (+ rest .obj) or .glb
  std::string video;             // --video FILE.mp4: frames drawn offscreen, encoded by ffmpeg
  uint32_t video_width = 1280;   // --size WxH
  uint32_t video_height = 720;
  std::string stats;         // --stats FILE.csv|FILE.json: a record per frame (run_stats.h)
  std::string summary_json;  // --summary-json FILE
  double video_fps = 30.0;   // --fps
  std::optional<SceneCamera> camera;  // --camera: where pictures are taken from (run_pictures.h)
};

// Adds the `run` subcommand to the CLI; `options` receives its flags.
CLI::App* add_run_command(CLI::App& app, RunOptions& options);
int run_command(const RunOptions& options);

}  // namespace weft
