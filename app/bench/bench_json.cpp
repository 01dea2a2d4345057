// `weft bench --format json`: every number of the report, keys in a stable order. Times in ms,
// sizes in bytes, bandwidths in GB/s (1e9 B/s), ratios as fractions.
#include <nlohmann/json.hpp>

#include "app/bench/bench_report.h"
#include "app/bench/bench_scene.h"

namespace weft {

namespace {

using Json = nlohmann::ordered_json;

Json summary_json(const Summary& s) {
  return {{"median", s.median}, {"p95", s.p95}, {"mean", s.mean},
          {"min", s.min},       {"max", s.max}, {"count", s.count}};
}

Json pass_json(const PassResult& p) {
  Json j{{"name", p.name},
         {"dispatches_per_frame", p.dispatches},
         {"bytes_per_frame", p.bytes},
         {"gpu_ms", summary_json(p.gpu_ms)},
         {"gb_per_s", p.gb_per_s},
         {"copy_bandwidth_ratio", p.copy_ratio}};
  j["cpu_mean_ms"] = p.cpu_mean_ms ? Json(*p.cpu_mean_ms) : Json(nullptr);
  return j;
}

Json grid_json(const GridResult& g) {
  Json j{{"grid", grid_name(g.grid)},
         {"columns", g.grid.columns},
         {"rows", g.grid.rows},
         {"particles", g.particles},
         {"springs", g.springs},
         {"constraints", g.constraints},
         {"gpu_bytes", g.gpu_bytes},
         {"gpu_bytes_per_particle",
          static_cast<double>(g.gpu_bytes) / static_cast<double>(g.particles)},
         {"measured", g.refused.empty()},
         {"refused", g.refused.empty() ? Json(nullptr) : Json(g.refused)}};
  if (!g.refused.empty()) return j;
  j["constraint_colours"] = g.colours;
  Json passes = Json::array();
  for (const PassResult& p : g.passes)
    passes.push_back(pass_json(p));
  j["passes"] = passes;
  j["frame"] = pass_json(g.frame);
  j["max_sections_error_ms"] = g.max_sections_error_ms;
  j["frames_per_s_gpu"] = g.frames_per_s_gpu;
  j["frames_per_s_wall"] = g.frames_per_s_wall;
  j["particle_substeps_per_s"] = g.particle_substeps_per_s;
  j["particle_sweeps_per_s"] = g.particle_sweeps_per_s;
  j["substeps"] = g.substeps;
  j["bytes_per_particle_per_frame"] =
      static_cast<double>(g.frame.bytes) / static_cast<double>(g.particles);
  j["dispatches_per_substep"] =
      static_cast<double>(g.frame.dispatches) / static_cast<double>(g.substeps);
  j["minimum_bytes_per_frame"] = g.minimum_bytes;
  j["floor_ms"] = g.floor_ms;
  j["frame_over_floor"] = g.floor_ms > 0.0 ? g.frame.gpu_ms.median / g.floor_ms : 0.0;
  j["largest_stretch"] = g.largest_stretch;
  j["strain_max"] = g.strain.max;
  j["strain_mean"] = g.strain.mean;
  // The most stretched link's particles (row-major node indices of the grid), and the pin
  // nearest it with its distance in metres.
  j["strain_link"] = {g.strain.a, g.strain.b};
  j["strain_nearest_pin"] = g.strain.nearest_pin ? Json(*g.strain.nearest_pin) : Json(nullptr);
  j["strain_pin_distance"] = g.strain.nearest_pin ? Json(g.strain.pin_distance) : Json(nullptr);
  j["blow_up"] = g.blow_up.empty() ? Json(nullptr) : Json(g.blow_up);
  if (g.cpu) {
    j["cpu"] = {{"frames", g.cpu->frames},
                {"frame_ms", summary_json(g.cpu->frame_ms)},
                {"gpu_speedup", g.cpu->gpu_speedup}};
  } else {
    j["cpu"] = nullptr;
  }
  return j;
}

}  // namespace

void write_bench_json(std::ostream& out, const BenchReport& r) {
  const BenchOptions& s = r.settings;
  const DeviceDescription& d = r.device;
  Json j{{"weft_version", r.weft_version}, {"date", r.date}};
  j["device"] = {{"name", d.name},
                 {"type", d.type},
                 {"driver", d.driver},
                 {"vulkan", d.vulkan},
                 {"timestamp_period_ns", d.timestamp_period_ns},
                 {"timestamp_valid_bits", d.timestamp_valid_bits},
                 {"device_local_bytes", d.device_local_bytes}};
  j["validation"] = r.validation;
  j["settings"] = {{"variant", r.variant},
                   {"variant_description", r.variant_description},
                   {"scene", r.scene},
                   {"integrator", std::string(key_of(kIntegratorKeys, s.integrator))},
                   {"constraints", constraints_name(s.constraints)},
                   {"self_collision", s.self_collision},
                   {"substeps", s.substeps},
                   {"sweeps", s.sweeps},
                   {"frames", s.frames},
                   {"warmup_frames", s.warmup},
                   {"timer_resolution_ms", d.timestamp_period_ns * 1e-6}};
  j["copy_bandwidth"] = {{"buffer_bytes", r.copy.buffer_bytes},
                         {"bytes_per_copy", 2 * r.copy.buffer_bytes},
                         {"repeats", r.copy.repeats},
                         {"ms", summary_json(r.copy.ms)},
                         {"gb_per_s", r.copy.gb_per_s}};
  Json grids = Json::array();
  for (const GridResult& g : r.grids)
    grids.push_back(grid_json(g));
  j["grids"] = grids;
  out << j.dump(2) << "\n";
}

}  // namespace weft
