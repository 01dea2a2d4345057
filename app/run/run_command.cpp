#include "app/run/run_command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/run/camera_option.h"
#include "app/cli_numbers.h"
#include "app/export/animation_exporter.h"
#include "app/export/frame_exporter.h"
#include "app/export/interrupt.h"
#include "app/export/output_checks.h"
#include "app/export/output_file.h"
#include "app/export/video_file.h"
#include "app/progress_bar.h"
#include "app/render/framing.h"
#include "app/render/offscreen_render.h"
#include "app/run/run_outputs.h"
#include "app/run/run_records.h"
#include "app/run/run_pictures.h"
#include "app/run/run_summary.h"
#include "app/scene/particle_budget.h"
#include "app/scene/safe_text.h"
#include "app/scene/scene_file.h"
#include "app/scene/scene_source.h"
#include "app/run/scene_run.h"
#include "app/run/screenshot_file.h"
#include "sim/core/solver_on_cpu.h"
#include "sim/gpu/solver_on_gpu.h"
#include "sim/core/cpu_threads.h"

namespace weft {

namespace {

constexpr const char* kRunExamples = R"(Examples:
  weft run                                        the default cloth, 120 frames, on the GPU
                                                  (on a machine without one, the CPU reference)
  weft run scenes/nehe40_rope.toml --frames 600   NeHe's rope for 10 simulated seconds
  weft run scenes/games101_ropes.toml --cpu       both GAMES101 ropes on the CPU reference
  weft run scenes/flag_in_wind.toml --export out/flag --every 10
                                                  an OBJ (normals, texture coordinates) every
                                                  10th frame
  weft run scenes/witkin_particles.toml --export-csv final.csv
                                                  final positions as index,x,y,z
  weft run scenes/flag_in_wind.toml --export-animation flag.glb
                                                  the whole run as one animated glTF file
  weft run scenes/flag_in_wind.toml --export-animation flag.pc2
                                                  a point cache, with its rest mesh flag.obj
  weft run scenes/flag_in_wind.toml --video flag.mp4 --size 960x540
                                                  a video (needs ffmpeg)
Outputs: FILE may be - (standard output), a FIFO or a device, written in place; a regular file
is replaced only once complete. Missing folders are created. Every output is checked before the
run starts.
Exit codes: 0 done, 1 weft could not do it (Vulkan, an output could not be written, no ffmpeg),
2 bad input (scene file or options), 3 the simulation blew up, 4 the Vulkan validation layer
reported errors (--validation), 130 or 143 stopped by SIGINT (Ctrl-C) or SIGTERM.
Scene file keys: docs/scenes.md; exports: docs/export.md)";

// Hands the sampled frames of a run to an AnimationExporter.
class AnimationSink final : public FrameSink {
 public:
  AnimationSink(AnimationExporter& exporter, const Scene& scene)
      : exporter_(exporter), scene_(scene) {}
  bool wants(uint32_t frame, uint32_t) const override { return exporter_.wants(frame); }
  uint32_t next_after(uint32_t frame, uint32_t last_frame) const override {
    return exporter_.next_after(frame, last_frame);
  }
  void take(uint32_t frame, std::vector<std::unique_ptr<Solver>>& solvers) override {
    exporter_.record(frame, world_positions(scene_, solvers), torn_link_states(scene_, solvers));
  }

 private:
  AnimationExporter& exporter_;
  const Scene& scene_;
};

// The nearest whole number of simulated frames per picture of a video; ffmpeg fits the rest to
// --fps.
uint32_t video_step(const RunOptions& options, float frame_dt) {
  const double dt = frame_dt > 0.0f ? double{frame_dt} : 1.0 / 60.0;
  return static_cast<uint32_t>(std::max(1.0, std::round(1.0 / (options.video_fps * dt))));
}

// Draws every `step`-th frame offscreen, from a chosen camera or framed on `bounds` (where the
// systems go over the run: run_pictures.h), into a video file.
class VideoSink final : public FrameSink {
 public:
  VideoSink(Device& device, std::vector<DrawnSystem> systems, const RunOptions& options,
            float frame_dt, const std::optional<SceneCamera>& chosen, const Bounds& bounds)
      : device_(device), systems_(std::move(systems)) {
    const VkExtent2D extent{options.video_width, options.video_height};
    const double dt = frame_dt > 0.0f ? double{frame_dt} : 1.0 / 60.0;
    step_ = video_step(options, frame_dt);
    camera_ = chosen ? chosen_camera(*chosen) : framing_camera(bounds, extent);
    pictures_ = std::make_unique<OffscreenPictures>(device_, systems_, extent, bounds);
    VideoSettings settings;
    settings.width = extent.width;
    settings.height = extent.height;
    settings.input_rate = 1.0 / (step_ * dt);
    settings.fps = options.video_fps;
    file_ = std::make_unique<VideoFile>(options.video, settings, Replace::any);
  }
  bool wants(uint32_t frame, uint32_t) const override { return frame % step_ == 0; }
  uint32_t next_after(uint32_t frame, uint32_t last_frame) const override {
    const uint64_t next = (uint64_t{frame} / step_ + 1) * step_;
    return next < last_frame ? static_cast<uint32_t>(next) : last_frame;
  }
  void take(uint32_t, std::vector<std::unique_ptr<Solver>>&) override {
    const Picture picture = pictures_->draw(camera_);
    file_->add(picture.rgba.data(), picture.rgba.size());
  }
  VideoFile& file() { return *file_; }

 private:
  Device& device_;
  std::vector<DrawnSystem> systems_;
  uint32_t step_ = 1;
  OrbitCamera camera_;
  std::unique_ptr<OffscreenPictures> pictures_;
  std::unique_ptr<VideoFile> file_;
};

void print_notes(const Scene& scene) {
  for (const std::string& note : scene.notes)
    std::fprintf(stderr, "weft: note: %s\n", note.c_str());
}

}  // namespace

CLI::App* add_run_command(CLI::App& app, RunOptions& options) {
  CLI::App* run = app.add_subcommand(
      "run", "Simulate a scene without a window, export frames, and print a summary");
  run->footer(kRunExamples);
  // No CLI::ExistingFile check: load_scene says what is missing in weft's own error format.
  run->add_option("scene", options.scene, "Scene file (TOML); the default cloth when omitted")
      ->option_text("SCENE");
  run->add_option("--frames", options.frames, "Frames to simulate (default: the scene's frames)")
      ->transform(decimal_in_range(1, 10000000));
  run->add_option("--columns", options.columns,
                  "The cloth's columns (the default cloth, or a scene's only [[cloth]])")
      ->transform(decimal_in_range(2, 65536));
  run->add_option("--rows", options.rows, "The cloth's rows (with --columns)")
      ->transform(decimal_in_range(2, 65536));
  CLI::Option* cpu = run->add_flag(
      "--cpu", options.use_cpu,
      "Simulate on the CPU reference (the default where the only Vulkan device is a CPU)");
  CLI::Option* gpu =
      run->add_flag("--gpu", options.use_gpu,
                    "Simulate on the Vulkan device, even where it is a CPU (the default on a GPU)");
  cpu->excludes(gpu);
  run->add_option("--threads", options.cpu_threads,
                  "Threads the CPU reference runs on (default: every core weft may use); the "
                  "results are the same for any count")
      ->option_text("N")
      ->transform(decimal_in_range(1, 1024))
      ->excludes(gpu);
  run->add_option("--export", options.export_dir,
                  "Write frames to DIR: <system>_<frame>.obj for surfaces and ropes, .ply for "
                  "free particles")
      ->option_text("DIR");
  run->add_option("--every", options.export_every,
                  "With --export or --export-animation: every K-th frame (default 1)")
      ->option_text("K")
      ->transform(decimal_in_range(1, 10000000));
  run->add_option("--export-animation", options.export_animation,
                  "Write the run as one animation: FILE.glb (glTF) or FILE.pc2 (point cache, "
                  "with its rest mesh FILE.obj)")
      ->option_text("FILE")
      ->check(CLI::Validator(
          [](const std::string& file) -> std::string {
            return animation_format_for(file) ? "" : "name it FILE.glb or FILE.pc2, not " + file;
          },
          "", "animation format"));
  run->add_option("--export-csv", options.export_csv,
                  "Write the final positions to FILE as index,x,y,z")
      ->option_text("FILE");
  run->add_flag("--quiet", options.quiet, "No progress bar");
  run->add_option("--device", options.gpu.device_selector,
                  "Vulkan device: index or part of its name");
  run->add_flag("--validation", options.gpu.validation, "Enable the Vulkan validation layer");
  run->add_option("--variant", options.variant,
                  "Solver path for every system: auto, general or grid (default: the scene's)")
      ->check(CLI::IsMember(all_keys(kSolverVariantKeys)));
  run->add_option("--substeps", options.substeps,
                  "Substeps per frame for every system (default: the scene's)")
      ->transform(decimal_in_range(1, 1024));
  run->add_option("--sweeps", options.sweeps,
                  "Relaxation sweeps per substep for every system (default: the scene's)")
      ->transform(decimal_in_range(1, 1024));
  add_frame_capture_options(*run, options.capture);
  run->get_option("--capture-frame")->excludes("--cpu");
  run->add_option("--screenshot", options.screenshot,
                  "Draw the last frame offscreen (the viewer's graphics pass) into a PNG file")
      ->option_text("FILE");
  run->add_option("--video", options.video,
                  "Draw the run offscreen into an MP4 video (needs ffmpeg)")
      ->option_text("FILE");
  run->add_option_function<std::string>(
         "--size",
         [&options](const std::string& text) {
           unsigned w = 0, h = 0;
           char x = 0, rest = 0;
           if (std::sscanf(text.c_str(), "%u%c%u%c", &w, &x, &h, &rest) != 3 ||
               (x != 'x' && x != 'X')) {
             throw CLI::ValidationError("--size", "expected WxH, got '" + text + "'");
           }
           if (std::optional<std::string> problem = video_size_problem(w, h)) {
             throw CLI::ValidationError("--size", *problem + ", got '" + text + "'");
           }
           options.video_width = w;
           options.video_height = h;
         },
         "With --video: its size in pixels (default 1280x720)")
      ->option_text("WxH")
      ->needs("--video");
  add_camera_option(*run, options.camera);
  run->add_option("--fps", options.video_fps,
                  "With --video: frames per second, 1 to 240 (default 30)")
      ->transform(decimal_fraction_in_range(1.0, 240.0).description(""))
      ->needs("--video")
      ->option_text("N");
  add_record_options(*run, options);
  return run;
}

namespace {

// The default scene's grid against the particle budget, before it is built.
bool default_grid_fits(const RunOptions& options, const DefaultSceneOptions& defaults) {
  if (!options.scene.empty()) return true;
  if (auto problem = grid_budget_problem(defaults.columns, defaults.rows, particle_budget())) {
    std::fprintf(stderr, "weft: --columns/--rows: %s\n", problem->c_str());
    return false;
  }
  return true;
}

// Where the Vulkan device is itself a CPU (lavapipe), the CPU reference on every core is several
// times faster than the same cores running the GPU solver's dispatches. The GPU solver stays a
// flag away (--gpu); a device named with --device, or a RenderDoc capture of the solver's
// passes, keeps it.
bool prefers_cpu_reference(const RunOptions& options, const Device& device) {
  return !options.use_gpu && options.gpu.device_selector.empty() && !options.capture.frame &&
         device.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
}

}  // namespace

int run_command(const RunOptions& options) {
  install_interrupt_handlers();
  if ((options.columns != 0) != (options.rows != 0)) {
    std::fprintf(stderr, "weft: --columns and --rows go together: give both\n");
    return 2;
  }
  if (options.camera && options.screenshot.empty() && options.video.empty()) {
    std::fprintf(stderr, "weft: --camera places the camera of --screenshot or --video: give one\n");
    return 2;
  }
  if (options.export_every != 0 && options.export_dir.empty() && options.export_animation.empty()) {
    std::fprintf(stderr, "weft: --every requires --export or --export-animation\n");
    return 2;
  }
  // Before anything is simulated: a video needs ffmpeg (ExportError, exit 1).
  if (!options.video.empty()) require_ffmpeg();
  DefaultSceneOptions defaults;
  if (options.columns != 0) defaults.columns = options.columns;
  if (options.rows != 0) defaults.rows = options.rows;
  if (!default_grid_fits(options, defaults) || !outputs_can_be_written(options)) return 2;
  // When data goes to standard output, the report goes to standard error, so that a pipe
  // receives the data alone.
  std::FILE* report = data_on_standard_output(options) ? stderr : stdout;

  // SceneError: exit 2
  Scene scene = options.scene.empty() ? default_scene(defaults)
                                      : load_scene(options.scene, options.columns, options.rows);
  print_notes(scene);
  const uint32_t frames = options.frames != 0 ? options.frames : scene.frames;
  if (!options.variant.empty()) {
    const SolverVariant variant = *value_of(kSolverVariantKeys, options.variant);
    for (SceneSystem& system : scene.systems)
      system.model.solver.variant = variant;
  }
  for (SceneSystem& system : scene.systems) {
    if (options.substeps != 0) system.model.solver.substeps = options.substeps;
    if (options.sweeps != 0) system.model.solver.relaxation_sweeps = options.sweeps;
  }
  // RenderDoc must be in the process before the Vulkan instance exists.
  FrameCapture capture(options.capture, frames);

  // Every solver is built (and its model validated) before anything is written.
  GpuContext gpu;
  const unsigned threads =
      options.cpu_threads != 0 ? options.cpu_threads : CpuThreads::available_cores();
  std::string solver_name = "CPU reference (float) on " + std::to_string(threads) +
                            (threads == 1 ? " thread" : " threads");
  std::vector<std::unique_ptr<Solver>> solvers;
  const bool pictures = !options.screenshot.empty() || !options.video.empty();
  // Pictures of a CPU run are still drawn through Vulkan, from a GPU copy of the particles.
  if (!options.use_cpu || pictures) gpu = create_gpu_context(options.gpu);
  const bool use_cpu = options.use_cpu || prefers_cpu_reference(options, *gpu.device);
  if (use_cpu && !options.use_cpu && !options.quiet) {
    std::fprintf(stderr,
                 "weft: the Vulkan device, %s, is a CPU: simulating on the CPU reference, which "
                 "is faster there (--gpu: on the device)\n",
                 gpu.device->name().c_str());
  }
  if (!use_cpu && options.cpu_threads != 0) {
    std::fprintf(stderr,
                 "weft: --threads sets the CPU reference's threads, and this run is on "
                 "the GPU: add --cpu to use them\n");
  }
  if (use_cpu) {
    for (const SceneSystem& system : scene.systems)
      solvers.push_back(pictures ? make_drawn_solver_on_cpu(*gpu.device, system.model, threads)
                                 : make_solver_on_cpu(system.model, threads));
  } else {
    solver_name = "GPU (Vulkan compute) on " + gpu.device->name();
    for (const SceneSystem& system : scene.systems)
      solvers.push_back(make_solver_on_gpu(*gpu.device, system.model));
  }

  std::unique_ptr<FrameExporter> exporter;
  if (!options.export_dir.empty()) {
    exporter = std::make_unique<FrameExporter>(scene, options.export_dir, options.export_every);
  }
  std::unique_ptr<AnimationExporter> animation;
  std::unique_ptr<AnimationSink> animation_sink;
  if (!options.export_animation.empty()) {
    animation =
        std::make_unique<AnimationExporter>(scene, options.export_animation, options.export_every);
    animation_sink = std::make_unique<AnimationSink>(*animation, scene);
  }
  const std::optional<SceneCamera> camera = chosen_picture_camera(scene, options.camera);
  std::unique_ptr<VideoSink> video;
  if (!options.video.empty()) {
    std::vector<DrawnSystem> drawn = drawn_systems(scene, solvers);
    Bounds bounds = expected_bounds(drawn);
    if (!camera) {
      // The video frames where the systems go: the run is simulated once to find out.
      if (!options.quiet) std::fprintf(stderr, "weft: framing the video: a first run\n");
      ProgressBar framing(frames, !options.quiet);
      bounds = bounds_over_run(*gpu.device, scene, use_cpu ? threads : 0, frames,
                               video_step(options, scene.frame_dt()),
                               [&](uint32_t done) { framing.update(done); });
      framing.finish();
    }
    video = std::make_unique<VideoSink>(*gpu.device, std::move(drawn), options, scene.frame_dt(),
                                        camera, bounds);
  }
  ProgressBar progress(frames, !options.quiet);
  RunLoopOptions loop;
  loop.frames = frames;
  loop.exporter = exporter.get();
  loop.capture = &capture;
  if (animation_sink) loop.sinks.push_back(animation_sink.get());
  if (video) loop.sinks.push_back(video.get());
  std::unique_ptr<StatsSink> stats;
  if (!options.stats.empty())
    loop.sinks.push_back((stats = std::make_unique<StatsSink>(scene)).get());
  loop.on_progress = [&](uint32_t done) { progress.update(done); };
  stop_on_request();  // from here, the first signal ends the run cleanly (export/interrupt.h)
  const RunOutcome outcome = run_scene_frames(scene, solvers, loop);
  progress.finish();

  // After the run, with every solver still alive: final-state outputs, unless the run blew up
  // (its state means nothing) or was stopped (the user wants weft to end).
  const char* skipped = outcome.blew_up()       ? "the simulation blew up"
                        : outcome.interrupted() ? "the run was interrupted"
                                                : nullptr;
  std::vector<WrittenFile> animation_files;
  std::vector<std::string> replaced;  // files that were there before: the report names them
  auto note = [&replaced](const WrittenFile& written) {
    if (written.replaced) replaced.push_back(written.path.string());
  };
  try {
    if (!options.export_csv.empty() && !skipped) {
      note(write_positions_csv(options.export_csv, world_positions(scene, solvers)));
    }
    if (!options.screenshot.empty() && !skipped) {
      note(write_screenshot(*gpu.device, drawn_systems(scene, solvers), options.screenshot,
                            {1280, 720}, camera));
      std::fprintf(report, "screenshot:      %s\n", options.screenshot.c_str());
    }
    if (animation && !skipped) animation_files = animation->finish();
    for (const WrittenFile& written : animation_files)
      note(written);
    // A video of a blow-up still shows what happened; a stopped run leaves none.
    if (video && !outcome.interrupted() && video->file().finish()) {
      replaced.push_back(options.video);
    }
    write_run_records(options, scene, outcome, solver_name, stats.get(), note);
  } catch (const WriteInterrupted& error) {
    std::fprintf(stderr, "weft: %s\n",
                 error.what());  // nothing of it was left; the summary follows
  }

  print_run_summary(report, scene, solver_name, outcome);
  if (exporter) {
    std::fprintf(report, "exported:        %llu files in %s",
                 static_cast<unsigned long long>(exporter->files_written()),
                 exporter->directory().string().c_str());
    if (const uint64_t earlier = exporter->files_replaced()) {
      std::fprintf(report, " (%llu of them replaced files of the same name)",
                   static_cast<unsigned long long>(earlier));
    }
    std::fprintf(report, "\n");
  }
  if (!animation_files.empty()) {
    std::fprintf(report, "animation:       %llu frames in",
                 static_cast<unsigned long long>(animation->samples().frames.size()));
    for (const WrittenFile& file : animation_files)
      std::fprintf(report, " %s", file.path.string().c_str());
    std::fprintf(report, "\n");
  }
  if (video && !outcome.interrupted()) {
    std::fprintf(report, "video:           %llu frames in %s\n",
                 static_cast<unsigned long long>(video->file().frames()),
                 video->file().target().string().c_str());
  }
  for (const std::string& file : replaced)
    std::fprintf(report, "replaced:        %s\n", escape_unsafe_characters(file).c_str());
  std::fflush(report);
  for (const char* output :
       {options.export_csv.c_str(), options.screenshot.c_str(), options.export_animation.c_str()}) {
    if (*output && skipped) std::fprintf(stderr, "weft: %s not written: %s\n", output, skipped);
  }
  if (outcome.blew_up()) {
    for (size_t s = 0; s < scene.systems.size(); ++s) {
      if (!outcome.systems[s].blow_up) continue;
      std::fprintf(stderr, "weft: system '%s' blew up by frame %u: %s\n",
                   scene.systems[s].name.c_str(), outcome.frames_done,
                   outcome.systems[s].blow_up->c_str());
    }
    return 3;
  }
  // A signal may also have come while the final outputs were written.
  if (const int signal = interrupt_signal()) {
    std::fprintf(stderr, "weft: interrupted by %s after %u of %u frames\n",
                 interrupt_signal_name(signal), outcome.frames_done, frames);
    return 128 + signal;
  }
  return validation_exit_status(gpu);
}

}  // namespace weft
