#include "app/viewer/view_command.h"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli_numbers.h"
#include "app/export/interrupt.h"
#include "app/export/output_checks.h"
#include "app/export/output_file.h"
#include "app/scene/safe_text.h"
#include "app/scene/particle_budget.h"
#include "app/viewer/input_script.h"
#include "app/viewer/viewer_presets.h"
#include "app/viewer/viewer.h"

namespace weft {

namespace {

// "WxH" with both in [lo, hi]; throws CLI::ValidationError otherwise.
void parse_size(const std::string& text, uint32_t lo, uint32_t hi, uint32_t& w, uint32_t& h,
                const char* what) {
  unsigned a = 0, b = 0;
  char x = 0;
  char rest = 0;
  if (std::sscanf(text.c_str(), "%u%c%u%c", &a, &x, &b, &rest) != 3 || (x != 'x' && x != 'X') ||
      a < lo || a > hi || b < lo || b > hi) {
    throw CLI::ValidationError(what, "expected WxH with both from " + std::to_string(lo) + " to " +
                                         std::to_string(hi) + ", got '" + text + "'");
  }
  w = a;
  h = b;
}

constexpr const char* kViewExamples = R"(Examples:
  weft view                                   the built-in presets; ] and [ switch between them
  weft view --preset 4 --grid 64x64           the curtain in the wind, 64 x 64 particles
  weft view --preset 6                        paper that tears: pull it hard, or Alt + drag to
                                              cut it with the knife (X: the knife on / off)
  weft view scenes/nehe40_rope.toml           NeHe's rope: the arrows, Home and End move its end
  weft view --script "100 screenshot a.png; 101 quit"
                                              scripted input (docs/viewer.md), then quit
In the viewer, H shows every key and mouse gesture. Scene file keys: docs/scenes.md)";

// "0 Cloth on a sphere, 1 Silk, ...": what --preset takes.
std::string preset_list() {
  std::string list;
  for (size_t i = 0; i < presets().size(); ++i) {
    if (i > 0) list += ", ";
    list += std::to_string(i) + " " + presets()[i].name;
  }
  return list;
}

// Why a scene cannot be saved at `path`, found before any window opens (missing folders are
// created, as for every output of `weft run`).
std::optional<std::string> save_path_problem(const std::string& path) {
  const OutputKind kind = output_kind(path);
  if (kind == OutputKind::folder) return "it is a folder; expected a file name";
  if (kind != OutputKind::file) {
    return "a saved scene is a regular file with its meshes beside it; expected a file name";
  }
  return output_file_problem(path, true);
}

}  // namespace

CLI::App* add_view_command(CLI::App& app, ViewOptions& options) {
  CLI::App* view = app.add_subcommand("view", "Open the interactive viewer (needs a display)");
  view->footer(kViewExamples);
  // No CLI::ExistingFile check: the scene loader says what is wrong in weft's own format.
  view->add_option("scene", options.scene,
                   "Scene file (TOML, see docs/scenes.md); the built-in presets when omitted");
  view->add_option_function<std::string>(
          "--grid",
          [&options](const std::string& text) {
            parse_size(text, 2, 4096, options.columns, options.rows, "--grid");
          },
          "Cloth grid as COLUMNSxROWS (default: chosen for the device)")
      ->type_name("WxH");
  view->add_option_function<std::string>(
          "--size",
          [&options](const std::string& text) {
            uint32_t w = 0, h = 0;
            parse_size(text, 64, 16384, w, h, "--size");
            options.width = static_cast<int>(w);
            options.height = static_cast<int>(h);
          },
          "Window size in pixels (default 1280x800 on a GPU, 1024x640 on a CPU device)")
      ->type_name("WxH");
  view->add_option("--preset", options.preset, "Built-in scene (default 0): " + preset_list())
      ->transform(decimal_in_range(0, presets().size() - 1))
      ->option_text("N");
  view->add_option("--frames", options.frames, "Quit after this many frames (tests, demos)")
      ->transform(decimal_in_range(1, uint64_t{1} << 40))
      ->option_text("N");
  view->add_option("--script", options.script,
                   "Scripted input: keys, mouse, panel values and screenshots at given frames; a "
                   "file (at most 1 MiB), or the script itself (format: docs/viewer.md)")
      ->type_name("FILE|TEXT");
  view->add_option("--save-to", options.save_to,
                   "Where Ctrl+S (save scene) writes the scene, with its edits and pins, as a "
                   "scene file (default: a new NAME-saved.toml in the current folder)")
      ->type_name("FILE");
  view->add_flag_callback(
      "--no-vsync", [&options] { options.vsync = false; },
      "Present without waiting for the display");
  view->add_flag("--hide-panel", options.hide_panel, "Start with the parameter panel hidden");
  CLI::Option* cpu = view->add_flag(
      "--cpu", options.use_cpu,
      "Simulate on the CPU reference (the default where the only Vulkan device is a CPU); "
      "drawing still goes through Vulkan");
  CLI::Option* gpu = view->add_flag(
      "--gpu", options.use_gpu,
      "Simulate on the Vulkan device, even where it is a CPU (the default on a GPU)");
  cpu->excludes(gpu);
  view->add_option("--threads", options.cpu_threads,
                   "Threads the CPU reference runs on (default: every core weft may use)")
      ->option_text("N")
      ->transform(decimal_in_range(1, 1024))
      ->excludes(gpu);
  view->add_option("--device", options.gpu.device_selector,
                   "Vulkan device: index or part of its name");
  view->add_flag("--validation", options.gpu.validation,
                 "Enable the Vulkan validation layer; exit with 4 if it reports an error");
  view->add_flag("--renderdoc", options.capture.load_renderdoc,
                 "Load RenderDoc so that K captures the next frame (not needed when qrenderdoc "
                 "or renderdoccmd launched weft)");
  add_frame_capture_options(*view, options.capture);
  CLI::Option* capture_frame = view->get_option("--capture-frame");
  capture_frame->get_validator()->description("");
  capture_frame
      ->description(
          "Capture frame N (0 = the first) of the viewer in RenderDoc and keep running; needs "
          "librenderdoc (or launch weft from qrenderdoc / renderdoccmd capture)")
      ->type_name("N");
  return view;
}

int view_command(const ViewOptions& options) {
  install_interrupt_handlers();  // until the window runs, a signal ends weft at once
  if (!options.scene.empty() && (options.columns != 0 || options.preset != 0)) {
    std::fprintf(stderr,
                 "weft view: --grid and --preset choose a built-in scene; a scene file "
                 "sets its own\n");
    return 2;
  }
  // What can be refused is refused before a window opens.
  if (options.columns != 0) {
    if (auto problem = grid_budget_problem(options.columns, options.rows, particle_budget())) {
      std::fprintf(stderr, "weft view: --grid: %s\n", problem->c_str());
      return 2;
    }
  }
  try {
    if (!options.script.empty()) parse_input_script(read_input_script(options.script));
  } catch (const std::invalid_argument& error) {
    std::fprintf(stderr, "weft view: --script: %s\n",
                 escape_unsafe_characters(error.what(), true).c_str());
    return 2;
  }
  if (!options.save_to.empty()) {
    if (auto problem = save_path_problem(options.save_to)) {
      std::fprintf(stderr, "weft view: --save-to %s: %s\n",
                   escape_unsafe_characters(options.save_to).c_str(), problem->c_str());
      return 2;
    }
  }
  try {
    Viewer viewer(options);
    stop_on_request();  // the window closes on the first signal
    const int status = viewer.run();
    if (const int signal = interrupt_signal()) {
      std::fprintf(stderr, "weft view: stopped by %s\n", interrupt_signal_name(signal));
      return 128 + signal;
    }
    return status;
  } catch (const NoDisplayError& error) {
    const std::string scene = options.scene.empty() ? "" : " " + options.scene;
    std::fprintf(stderr,
                 "weft view: %s.\n"
                 "Without a display, run the same scene headless and look at a picture of it:\n"
                 "  weft run%s --frames 300 --screenshot cloth.png\n"
                 "(or start an X server for it: xvfb-run -a weft view%s)\n",
                 error.what(), scene.c_str(), scene.c_str());
    return 2;
  } catch (const std::invalid_argument& error) {
    std::fprintf(stderr, "weft view: %s\n", escape_unsafe_characters(error.what(), true).c_str());
    return 2;
  }
}

}  // namespace weft
