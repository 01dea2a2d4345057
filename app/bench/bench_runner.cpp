#include "app/bench/bench_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <limits>

#include "app/bench/bench_scene.h"
#include "app/bench/cpu_frame_timing.h"
#include "app/bench/gpu_frame_timing.h"
#include "app/bench/pass_traffic.h"
#include "app/bench/bench_variant.h"
#include "app/progress_bar.h"
#include "app/render/offscreen_frames.h"
#include "app/version.h"
#include "engine/device.h"
#include "sim/model/strain_report.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/model_error.h"
#include "sim/modules/coloured_distance.h"

namespace weft {

namespace {

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

DeviceDescription describe_device(const Device& device) {
  VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  properties.pNext = &driver;
  vkGetPhysicalDeviceProperties2(device.physical(), &properties);
  const uint32_t api = device.properties().apiVersion;
  DeviceDescription d;
  d.name = device.name();
  d.type = device_type_name(device.properties().deviceType);
  d.driver = std::string(driver.driverName) + " " + driver.driverInfo;
  d.vulkan = std::to_string(VK_API_VERSION_MAJOR(api)) + "." +
             std::to_string(VK_API_VERSION_MINOR(api)) + "." +
             std::to_string(VK_API_VERSION_PATCH(api));
  d.timestamp_period_ns = device.timestamp_period_ns();
  d.timestamp_valid_bits = device.timestamp_valid_bits();
  d.device_local_bytes = device.device_local_heap_size();
  return d;
}

void progress(const GridSize& grid, const char* what) {
  std::fprintf(stderr, "bench: %s: %s\n", grid_name(grid).c_str(), what);
}

// Times of one section in every frame (0 where a frame lacks it).
std::vector<double> section_ms(const std::vector<FrameTimings>& frames, const PassInfo* pass) {
  std::vector<double> ms;
  ms.reserve(frames.size());
  for (const FrameTimings& frame : frames) {
    double value = 0.0;
    for (const auto& [section, section_time] : frame.sections)
      if (section == pass) value += section_time;
    ms.push_back(value);
  }
  return ms;
}

void rate(PassResult& pass, const CopyBandwidth& copy) {
  pass.gb_per_s = pass.gpu_ms.median > 0.0
                      ? static_cast<double>(pass.bytes) / (pass.gpu_ms.median * 1e-3) / 1e9
                      : 0.0;
  pass.copy_ratio = copy.gb_per_s > 0.0 ? pass.gb_per_s / copy.gb_per_s : 0.0;
}

void add_cpu_times(GridResult& result, const std::vector<const PassInfo*>& passes,
                   const Model& model, uint32_t frames) {
  const CpuFrameSamples cpu = time_cpu_frames(model, frames);
  for (size_t p = 0; p < result.passes.size(); ++p) {
    PassResult& pass = result.passes[p];
    double sum = 0.0;
    bool found = false;
    for (const auto& frame : cpu.frames) {
      for (const auto& [key, ms] : frame) {
        if (key != passes[p]) continue;
        sum += ms;
        found = true;
      }
    }
    if (found) pass.cpu_mean_ms = sum / static_cast<double>(cpu.frames.size());
  }
  CpuResult summary;
  summary.frames = frames;
  summary.frame_ms = summarize(cpu.frame_ms);
  summary.gpu_speedup =
      result.frame.gpu_ms.mean > 0.0 ? summary.frame_ms.mean / result.frame.gpu_ms.mean : 0.0;
  result.frame.cpu_mean_ms = summary.frame_ms.mean;
  result.cpu = summary;
}

GridResult measure_grid(Device& device, const BenchOptions& options, const GridSize& grid,
                        const BenchVariant& variant, const CopyBandwidth& copy) {
  GridResult result;
  result.grid = grid;
  const BenchSceneSettings settings{grid,
                                    options.substeps,
                                    options.sweeps,
                                    options.integrator,
                                    options.constraints,
                                    variant.solver,
                                    options.self_collision};
  result.particles = uint64_t{grid.columns} * grid.rows;
  // Counted from the grid: the grid path lists no links.
  const BenchClothLinks links = count_bench_cloth_links(settings);
  result.springs = links.springs;
  result.constraints = links.constraints;
  const std::vector<GpuBufferSize> particle_buffers = bench_cloth_particle_buffers(settings);
  result.gpu_bytes = total_bytes(particle_buffers);
  Model model;
  std::unique_ptr<GpuSolver> solver;
  try {
    // The particle state alone first: a grid far too large is refused before it is built.
    check_fits_device(device, particle_buffers, result.particles, result.particles);
    progress(grid, "building the cloth");
    model = make_bench_cloth(settings);
    progress(grid, "uploading it");
    solver = std::make_unique<GpuSolver>(device, model);
  } catch (const ModelError& error) {
    result.refused = error.what();
    std::fprintf(stderr, "bench: %s: refused: %s\n", grid_name(grid).c_str(), error.what());
    return result;
  }
  result.gpu_bytes = total_bytes(gpu_buffer_sizes(solver->core()));
  if (const ColouredDistance* distance = solver->core().find<ColouredDistance>()) {
    result.colours = distance->colored().color_count();
  }
  const FrameShape shape = solver->core().current_shape(options.substeps);
  std::vector<PassTraffic> traffic = frame_traffic(solver->core(), shape);

  std::unique_ptr<OffscreenFrames> drawing;
  AfterSimulation after_simulation;
  if (options.render) {
    drawing = std::make_unique<OffscreenFrames>(
        device, *solver, model, VkExtent2D{options.render->columns, options.render->rows});
    after_simulation = [&](VkCommandBuffer cmd, PassTimer* timer) { drawing->record(cmd, timer); };
  }
  progress(grid, "timing the GPU");
  ProgressBar timing_progress(options.warmup + 2 * options.frames, true,
                              "bench: " + grid_name(grid) + ": timing the GPU");
  const GpuFrameSamples samples =
      time_gpu_frames(device, *solver, options.warmup, options.frames, model.solver.frame_dt,
                      options.substeps, after_simulation, &timing_progress);
  timing_progress.finish();
  drawing.reset();
  const HealthReport health = solver->measure_health();
  result.largest_stretch = health.largest_stretch;
  {
    const ParticleState<float> state = solver->download_state();
    std::vector<glm::vec3> positions(state.positions.begin(), state.positions.end());
    result.strain = measure_strain(model, positions);
  }
  // Only non-finite positions count as a blow-up here. The hanging cloth stretches more the finer
  // it is (a fixed number of sweeps cannot hold thousands of rows), which the report shows as
  // max_stretch; the timings do not depend on it, since no pass does data-dependent work here.
  const float no_stretch_limit = std::numeric_limits<float>::infinity();
  if (std::optional<std::string> reason = blow_up_reason(health, no_stretch_limit)) {
    result.blow_up = *reason;
  }
  solver.reset();

  // A section the traffic model does not know (drawing) still gets its time (and zero bytes).
  for (const FrameTimings& frame : samples.frames) {
    for (const auto& section : frame.sections) {
      auto known = [&](const PassTraffic& t) { return t.pass == section.first; };
      if (std::none_of(traffic.begin(), traffic.end(), known))
        traffic.push_back({section.first, 0, 0});
    }
  }
  std::vector<double> frame_ms;
  for (const FrameTimings& frame : samples.frames) {
    frame_ms.push_back(frame.total_ms);
    double sum = 0.0;
    for (const auto& section : frame.sections)
      sum += section.second;
    result.max_sections_error_ms =
        std::max(result.max_sections_error_ms, std::abs(sum - frame.total_ms));
  }
  std::vector<const PassInfo*> passes;
  for (const PassTraffic& t : traffic) {
    PassResult pass;
    pass.name = t.pass->name;
    pass.dispatches = t.dispatches;
    pass.bytes = t.bytes;
    pass.gpu_ms = summarize(section_ms(samples.frames, t.pass));
    passes.push_back(t.pass);
    rate(pass, copy);
    result.frame.dispatches += pass.dispatches;
    result.frame.bytes += pass.bytes;
    result.passes.push_back(std::move(pass));
  }
  result.frame.name = "frame";
  result.frame.gpu_ms = summarize(frame_ms);
  rate(result.frame, copy);

  const double fps = result.frame.gpu_ms.median > 0.0 ? 1000.0 / result.frame.gpu_ms.median : 0.0;
  result.frames_per_s_gpu = fps;
  result.frames_per_s_wall =
      samples.untimed_wall_seconds > 0.0 ? options.frames / samples.untimed_wall_seconds : 0.0;
  const double particle_substeps = static_cast<double>(result.particles) * options.substeps;
  result.particle_substeps_per_s = particle_substeps * fps;
  result.particle_sweeps_per_s = particle_substeps * (2.0 + shape.relaxation_sweeps) * fps;
  result.substeps = options.substeps;
  result.minimum_bytes =
      minimum_frame_bytes(result.particles, options.substeps, shape.relaxation_sweeps);
  result.floor_ms = copy.gb_per_s > 0.0
                        ? static_cast<double>(result.minimum_bytes) / (copy.gb_per_s * 1e9) * 1e3
                        : 0.0;

  if (options.cpu) {
    progress(grid, "timing the CPU reference");
    add_cpu_times(result, passes, model, options.cpu_frames ? options.cpu_frames : options.frames);
  }
  return result;
}

}  // namespace

BenchReport run_bench(Device& device, bool validation, const BenchOptions& options) {
  const BenchVariant& variant = find_bench_variant(options.variant);
  BenchReport report;
  report.weft_version = kVersion;
  report.date = utc_now();
  report.device = describe_device(device);
  report.validation = validation;
  report.variant = variant.name;
  report.variant_description = variant.description;
  report.scene = describe_bench_cloth({{},
                                       options.substeps,
                                       options.sweeps,
                                       options.integrator,
                                       options.constraints,
                                       variant.solver,
                                       options.self_collision});
  if (options.render) {
    report.scene += "; every frame also drawn offscreen at " + grid_name(*options.render) +
                    " pixels (normals, scene pass with 4x MSAA), as the viewer draws it";
  }
  report.settings = options;

  std::fprintf(stderr, "bench: measuring copy bandwidth on %s\n", device.name().c_str());
  report.copy = measure_copy_bandwidth(device, uint64_t{options.copy_mib} << 20);
  for (const GridSize& grid : options.grids)
    report.grids.push_back(measure_grid(device, options, grid, variant, report.copy));
  return report;
}

}  // namespace weft
