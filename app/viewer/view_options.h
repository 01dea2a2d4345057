// What `weft view` is asked for on its command line.
#pragma once

#include <cstdint>
#include <string>

#include "app/frame_capture.h"
#include "app/gpu_context.h"

namespace weft {

struct ViewOptions {
  std::string scene;     // SCENE: a scene file; empty: the built-in presets
  uint32_t columns = 0;  // --grid WxH; 0: chosen for the device (small on a CPU, large on a GPU)
  uint32_t rows = 0;
  size_t preset = 0;    // --preset N (app/viewer/viewer_presets.h)
  uint64_t frames = 0;  // --frames N: quit after N frames; 0 runs until the window closes
  std::string script;   // --script FILE|TEXT: scripted input (input_script.h)
  std::string save_to;  // --save-to FILE: where "save scene" writes (scene_to_save.h)
  int width = 0;        // --size WxH of the window, pixels; 0: chosen for the device
  int height = 0;
  bool vsync = true;  // --no-vsync
  bool hide_panel = false;
  bool use_cpu = false;         // --cpu: simulate on the CPU reference
  bool use_gpu = false;         // --gpu: simulate on the device, even where it is a CPU
  unsigned cpu_threads = 0;     // --threads N for the CPU reference; 0: every core weft may use
  GpuContextOptions gpu;        // --device, --validation
  FrameCaptureOptions capture;  // --renderdoc, --capture-frame N, --capture-file PATH
};

}  // namespace weft
