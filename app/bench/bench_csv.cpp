// `weft bench --format csv`: one row per grid and pass (and a "frame" row per grid), every row
// self-contained so that spreadsheets and scripts can filter and pivot without joins.
#include <cstdio>
#include <string>
#include <vector>

#include "app/bench/bench_report.h"
#include "app/bench/bench_scene.h"

namespace weft {

namespace {

// RFC 4180: quote a field holding a comma, a quote or a line break; double inner quotes.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text)
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

void write_row(std::ostream& out, const std::vector<std::string>& fields) {
  for (size_t i = 0; i < fields.size(); ++i)
    out << (i ? "," : "") << field(fields[i]);
  out << "\n";
}

}  // namespace

void write_bench_csv(std::ostream& out, const BenchReport& r) {
  write_row(out, {"grid",
                  "columns",
                  "rows",
                  "particles",
                  "pass",
                  "dispatches_per_frame",
                  "bytes_per_frame",
                  "median_ms",
                  "p95_ms",
                  "mean_ms",
                  "gb_per_s",
                  "copy_bandwidth_ratio",
                  "cpu_mean_ms",
                  "frames_per_s_gpu",
                  "frames_per_s_wall",
                  "copy_gb_per_s",
                  "substeps",
                  "sweeps",
                  "integrator",
                  "variant",
                  "device",
                  "status"});
  const std::string substeps = std::to_string(r.settings.substeps);
  const std::string sweeps = std::to_string(r.settings.sweeps);
  for (const GridResult& g : r.grids) {
    const std::vector<std::string> head = {grid_name(g.grid), std::to_string(g.grid.columns),
                                           std::to_string(g.grid.rows),
                                           std::to_string(g.particles)};
    auto row = [&](const PassResult* p) {
      std::vector<std::string> f = head;
      if (p) {
        f.insert(f.end(), {p->name, std::to_string(p->dispatches), std::to_string(p->bytes),
                           number(p->gpu_ms.median), number(p->gpu_ms.p95), number(p->gpu_ms.mean),
                           number(p->gb_per_s), number(p->copy_ratio),
                           p->cpu_mean_ms ? number(*p->cpu_mean_ms) : "",
                           number(g.frames_per_s_gpu), number(g.frames_per_s_wall)});
      } else {
        f.insert(f.end(), 11, "");
      }
      const std::string status = !g.refused.empty()   ? "refused: " + g.refused
                                 : !g.blow_up.empty() ? "blow-up: " + g.blow_up
                                                      : "measured";
      f.insert(f.end(), {number(r.copy.gb_per_s), substeps, sweeps,
                         std::string(key_of(kIntegratorKeys, r.settings.integrator)), r.variant,
                         r.device.name, status});
      write_row(out, f);
    };
    if (!g.refused.empty()) {
      row(nullptr);
      continue;
    }
    for (const PassResult& p : g.passes)
      row(&p);
    row(&g.frame);
  }
}

}  // namespace weft
