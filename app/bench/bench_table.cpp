// `weft bench --format table`: the report for people, one block per grid and a scaling table.
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string>

#include "app/bench/bench_report.h"

namespace weft {

namespace {

std::string format(const char* pattern, ...) {
  char text[512];
  va_list args;
  va_start(args, pattern);
  std::vsnprintf(text, sizeof text, pattern, args);
  va_end(args);
  return text;
}

double mib(uint64_t bytes) {
  return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

// The frame's modelled traffic per particle, KB: what it costs on any device.
double kb_per_particle(const GridResult& g) {
  return static_cast<double>(g.frame.bytes) / static_cast<double>(g.particles) / 1e3;
}

// "between columns 24 and 25 of row 2, 0.76 m from the pin at row 0, column 0": the bench's
// cloth is one grid, its particles numbered row by row.
std::string strained_link_place(const GridResult& g) {
  const uint32_t columns = g.grid.columns;
  const uint32_t a = g.strain.a, b = g.strain.b;
  std::string place =
      a / columns == b / columns
          ? format("between columns %u and %u of row %u", a % columns, b % columns, a / columns)
          : format("between rows %u and %u of column %u", a / columns, b / columns, a % columns);
  if (g.strain.nearest_pin) {
    place += format(", %.3g m from the pin at row %u, column %u", g.strain.pin_distance,
                    *g.strain.nearest_pin / columns, *g.strain.nearest_pin % columns);
  }
  return place;
}

void write_header(std::ostream& out, const BenchReport& r) {
  const DeviceDescription& d = r.device;
  out << "weft bench " << r.weft_version << ", " << r.date << "\n";
  out << "device:   " << d.name << " (" << d.type << "), " << d.driver << ", Vulkan " << d.vulkan
      << format(", timestamp tick %.3g ns\n", d.timestamp_period_ns);
  out << "scene:    " << r.scene << "\n";
  out << "solver:   " << r.variant << ": " << r.variant_description << "\n";
  out << "frames:   " << r.settings.frames << " measured per grid, after " << r.settings.warmup
      << " warm-up frames\n";
  out << format(
      "copy:     %.1f GB/s (vkCmdCopyBuffer of %.0f MiB, bytes read + written, median "
      "of %u: %.3f ms)\n",
      r.copy.gb_per_s, mib(r.copy.buffer_bytes), r.copy.repeats, r.copy.ms.median);
  if (r.validation) out << "warning:  validation is on: these timings are not representative\n";
}

void write_pass_row(std::ostream& out, const PassResult& p) {
  out << format("%-36s %10u %10.3f %10.3f %10.3f %10.3f %9.1f %7.1f%%", p.name.c_str(),
                p.dispatches, static_cast<double>(p.bytes) / 1e6, p.gpu_ms.median, p.gpu_ms.p95,
                p.gpu_ms.mean, p.gb_per_s, 100.0 * p.copy_ratio);
  if (p.cpu_mean_ms) out << format(" %10.3f", *p.cpu_mean_ms);
  out << "\n";
}

void write_grid(std::ostream& out, const GridResult& g) {
  out << "\ngrid " << grid_name(g.grid) << ": " << g.particles << " particles, " << g.springs
      << " springs, " << g.constraints << " constraints";
  // The grid path has no colours: each sweep is one Jacobi dispatch.
  if (g.refused.empty() && g.colours > 0) out << " in " << g.colours << " colours";
  out << format(", %.1f MiB on the GPU (%.0f B/particle)\n", mib(g.gpu_bytes),
                static_cast<double>(g.gpu_bytes) / static_cast<double>(g.particles));
  if (!g.refused.empty()) {
    out << "  not measured: " << g.refused << "\n";
    return;
  }
  out << format("%-36s %10s %10s %10s %10s %10s %9s %8s", "pass", "dispatches", "MB/frame",
                "median ms", "p95 ms", "mean ms", "GB/s", "% copy");
  if (g.cpu) out << format(" %10s", "CPU ms");
  out << "\n";
  for (const PassResult& p : g.passes)
    write_pass_row(out, p);
  write_pass_row(out, g.frame);
  out << format(
      "frames/s: %.1f (GPU time), %.1f (wall clock, untimed run); %.3g particle-substeps/s, %.3g "
      "particle-sweeps/s\n",
      g.frames_per_s_gpu, g.frames_per_s_wall, g.particle_substeps_per_s, g.particle_sweeps_per_s);
  // Device-independent cost: what the passes move and how many dispatches they take.
  const double particles = static_cast<double>(g.particles);
  out << format(
      "traffic:  %.2f KB per particle per frame (%.1fx the floor's %.2f KB), %u dispatches per "
      "frame (%.1f per substep)\n",
      kb_per_particle(g), static_cast<double>(g.frame.bytes) / static_cast<double>(g.minimum_bytes),
      static_cast<double>(g.minimum_bytes) / particles / 1e3, g.frame.dispatches,
      static_cast<double>(g.frame.dispatches) / g.substeps);
  out << format(
      "floor:    %.1f MB/frame at least -> %.3f ms at copy bandwidth; the frame takes "
      "%.1fx that\n",
      static_cast<double>(g.minimum_bytes) / 1e6, g.floor_ms,
      g.floor_ms > 0.0 ? g.frame.gpu_ms.median / g.floor_ms : 0.0);
  out << format("strain:   max %.3f%% %s, mean %.3f%% (structural links, after the run)\n",
                100.0 * g.strain.max, strained_link_place(g).c_str(), 100.0 * g.strain.mean);
  out << format("health:   max stretch %.2f%%, ", 100.0 * g.largest_stretch)
      << (g.blow_up.empty() ? std::string("no blow-up") : "BLOW-UP: " + g.blow_up) << "\n";
  if (g.cpu) {
    out << format(
        "CPU:      %.3f ms/frame (mean of %u frames, CPU reference in float); GPU "
        "speed-up %.2fx\n",
        g.cpu->frame_ms.mean, g.cpu->frames, g.cpu->gpu_speedup);
  }
}

// The scaling table: one row per grid, median ms per pass, frames/s, share of copy bandwidth, and
// the device-independent cost beside the time: dispatches and modelled KB per particle per frame.
void write_scaling(std::ostream& out, const BenchReport& report) {
  const GridResult* first = nullptr;
  for (const GridResult& g : report.grids)
    if (g.refused.empty() && !first) first = &g;
  if (!first) return;
  out << "\nscaling (median GPU ms per frame; % copy = bandwidth achieved / copy bandwidth)\n";
  out << format("%-12s %10s", "grid", "particles");
  for (const PassResult& p : first->passes)
    out << format(" %*s", static_cast<int>(std::max<size_t>(p.name.size(), 9)), p.name.c_str());
  out << format(" %10s %10s %11s %11s %8s %8s %11s %11s\n", "frame", "frames/s", "dispatches",
                "KB/particle", "% copy", "x floor", "max strain", "mean strain");
  for (const GridResult& g : report.grids) {
    out << format("%-12s %10llu", grid_name(g.grid).c_str(),
                  static_cast<unsigned long long>(g.particles));
    if (!g.refused.empty()) {
      out << "  not measured: does not fit the device\n";
      continue;
    }
    for (const PassResult& column : first->passes) {
      double ms = 0.0;
      for (const PassResult& p : g.passes)
        if (p.name == column.name) ms = p.gpu_ms.median;
      out << format(" %*.3f", static_cast<int>(std::max<size_t>(column.name.size(), 9)), ms);
    }
    out << format(" %10.3f %10.1f %11u %11.2f %7.1f%% %8.1f %10.3f%% %10.3f%%\n",
                  g.frame.gpu_ms.median, g.frames_per_s_gpu, g.frame.dispatches, kb_per_particle(g),
                  100.0 * g.frame.copy_ratio,
                  g.floor_ms > 0.0 ? g.frame.gpu_ms.median / g.floor_ms : 0.0, 100.0 * g.strain.max,
                  100.0 * g.strain.mean);
  }
}

}  // namespace

void write_bench_table(std::ostream& out, const BenchReport& report) {
  write_header(out, report);
  for (const GridResult& g : report.grids)
    write_grid(out, g);
  write_scaling(out, report);
}

}  // namespace weft
