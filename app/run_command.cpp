#include "app/run_command.h"

#include <chrono>
#include <cstdio>
#include <optional>

#include <CLI/CLI.hpp>

#include "app/default_scene.h"
#include "sim/cpu_solver.h"
#include "sim/energy.h"
#include "sim/gpu_solver.h"

namespace weft {

namespace {

struct RunSummary {
  double simulated_seconds = 0.0;
  double wall_seconds = 0.0;
  HealthReport health;
  Energy energy;
  uint32_t frames_done = 0;
  std::optional<std::string> blow_up;
};

std::vector<glm::vec3> velocities_of(const PackedModel& model, const ParticleState<float>& state) {
  std::vector<glm::vec3> v(state.positions.size());
  const bool verlet = model.params.integrator == WEFT_INTEGRATOR_VERLET;
  for (size_t i = 0; i < v.size(); ++i) {
    v[i] = verlet ? (glm::vec3(state.positions[i]) - glm::vec3(state.previous[i])) / model.params.dt
                  : glm::vec3(state.velocities[i]);
  }
  return v;
}

void print_summary(const char* solver_name, const Model& model, const RunSummary& s) {
  std::printf("solver:          %s\n", solver_name);
  std::printf("particles:       %u (%zu springs, %zu distance constraints)\n",
              model.particle_count(), model.springs.size(), model.constraints.size());
  std::printf("frames:          %u x %u substeps\n", s.frames_done, model.solver.substeps);
  std::printf("simulated time:  %.3f s\n", s.simulated_seconds);
  std::printf("wall time:       %.3f s (%.1f frames/s)\n", s.wall_seconds,
              s.frames_done / std::max(s.wall_seconds, 1e-9));
  std::printf("max stretch:     %.2f%%\n", s.health.max_stretch * 100.0);
  std::printf("energy:          %.4f J (kinetic %.4f, gravitational %.4f, elastic %.4f)\n",
              s.energy.total(), s.energy.kinetic, s.energy.gravitational, s.energy.elastic);
  std::printf("blow-up:         %s\n", s.blow_up ? s.blow_up->c_str() : "none");
}

}  // namespace

CLI::App* add_run_command(CLI::App& app, RunOptions& options) {
  CLI::App* run = app.add_subcommand("run", "Simulate without a window and print a summary");
  run->add_option("--frames", options.frames, "Frames to simulate")
      ->check(CLI::Range(1u, 10000000u));
  run->add_option("--columns", options.columns, "Cloth grid columns")
      ->check(CLI::Range(2u, 65536u));
  run->add_option("--rows", options.rows, "Cloth grid rows")->check(CLI::Range(2u, 65536u));
  run->add_flag("--cpu", options.use_cpu, "Use the CPU reference solver instead of the GPU");
  run->add_option("--variant", options.variant,
                  "Solver path: auto (grid path for a single cloth grid), general, grid")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, SolverVariant>{{"auto", SolverVariant::automatic},
                                               {"general", SolverVariant::general},
                                               {"grid", SolverVariant::grid}},
          CLI::ignore_case));
  run->add_option("--device", options.gpu.device_selector,
                  "Vulkan device: index or part of its name");
  run->add_flag("--validation", options.gpu.validation, "Enable the Vulkan validation layer");
  add_frame_capture_options(*run, options.capture);
  run->get_option("--capture-frame")->excludes("--cpu");
  return run;
}

int run_command(const RunOptions& options) {
  DefaultSceneOptions scene;
  scene.columns = options.columns;
  scene.rows = options.rows;
  Model model = make_default_scene(scene);
  model.solver.variant = options.variant;
  RunSummary summary;
  // RenderDoc must be in the process before the Vulkan instance exists.
  FrameCapture capture(options.capture, options.frames);
  GpuContext gpu;
  const auto start = std::chrono::steady_clock::now();
  if (options.use_cpu) {
    CpuSolver<float> solver(model);
    for (; summary.frames_done < options.frames; ++summary.frames_done) {
      solver.step_frame();
      summary.health = solver.measure_health();
      if ((summary.blow_up = blow_up_reason(summary.health))) break;
    }
    summary.energy = measure_energy(solver.packed(), solver.state(), solver.velocities());
  } else {
    gpu = create_gpu_context(options.gpu);
    std::printf("device:          %s\n", gpu.device->name().c_str());
    GpuSolver solver(*gpu.device, model);
    // Check for blow-up every 30 frames: often enough to stop early, rarely enough not to stall.
    while (summary.frames_done < options.frames) {
      const uint32_t batch = std::min(30u, options.frames - summary.frames_done);
      capture.step_frames(summary.frames_done, batch, [&](uint32_t n) { solver.step_frames(n); });
      summary.frames_done += batch;
      summary.health = solver.measure_health();
      if ((summary.blow_up = blow_up_reason(summary.health))) break;
    }
    const ParticleState<float> state = solver.download_state();
    summary.energy = measure_energy(solver.packed(), state, velocities_of(solver.packed(), state));
  }
  summary.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  summary.simulated_seconds = summary.frames_done * double{model.solver.frame_dt};
  print_summary(options.use_cpu ? "CPU reference (float)" : "GPU (Vulkan compute)", model, summary);
  if (summary.blow_up) {
    std::fprintf(stderr, "weft: the simulation blew up at frame %u: %s\n", summary.frames_done,
                 summary.blow_up->c_str());
    return 3;
  }
  return validation_exit_status(gpu);
}

}  // namespace weft
