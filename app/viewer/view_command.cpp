#include "app/viewer/view_command.h"

#include <cstdio>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli_numbers.h"
#include "app/scene/particle_budget.h"
#include "app/viewer/input_script.h"
#include "app/viewer/presets.h"
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

}  // namespace

CLI::App* add_view_command(CLI::App& app, ViewOptions& options) {
  CLI::App* view = app.add_subcommand("view", "Open the interactive viewer (needs a display)");
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
  view->add_option(
          "--preset", options.preset,
          "Preset scene, 0 to " + std::to_string(presets().size() - 1) + " (0: cloth on a sphere)")
      ->transform(decimal_in_range(0, presets().size() - 1));
  view->add_option("--frames", options.frames, "Quit after this many frames (tests, demos)")
      ->transform(decimal_in_range(1, uint64_t{1} << 40));
  view->add_option("--script", options.script,
                   "Scripted input: a file (at most 1 MiB), or the script itself starting with a "
                   "frame number (see app/viewer/input_script.h)");
  view->add_flag("!--no-vsync", options.vsync, "Present without waiting for the display");
  view->add_flag("--hide-panel", options.hide_panel, "Start with the parameter panel hidden");
  view->add_option("--device", options.gpu.device_selector,
                   "Vulkan device: index or part of its name");
  view->add_flag("--validation", options.gpu.validation,
                 "Enable the Vulkan validation layer; exit with 4 if it reports an error");
  view->add_flag("--renderdoc", options.capture.load_renderdoc,
                 "Load RenderDoc so that K captures the next frame (not needed when qrenderdoc "
                 "or renderdoccmd launched weft)");
  add_frame_capture_options(*view, options.capture);
  return view;
}

int view_command(const ViewOptions& options) {
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
    std::fprintf(stderr, "weft view: --script: %s\n", error.what());
    return 2;
  }
  try {
    Viewer viewer(options);
    return viewer.run();
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
    std::fprintf(stderr, "weft view: %s\n", error.what());
    return 2;
  }
}

}  // namespace weft
