#include "app/run/run_stats.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include <nlohmann/json.hpp>

#include "sim/model/contact_report.h"
#include "sim/model/strain_report.h"

namespace weft {

namespace {

using Json = nlohmann::ordered_json;

Json energy_json(const Energy& e) {
  return {{"kinetic", e.kinetic},
          {"gravitational", e.gravitational},
          {"elastic", e.elastic},
          {"total", e.total()}};
}

// Non-finite numbers (a blown-up run) as null: JSON has no NaN.
Json number(double value) {
  return std::isfinite(value) ? Json(value) : Json(nullptr);
}

}  // namespace

std::string stats_format_for(const std::filesystem::path& file) {
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".csv") return "csv";
  if (extension == ".json") return "json";
  return "";
}

void StatsSink::take(uint32_t frame, std::vector<std::unique_ptr<Solver>>& solvers) {
  const auto now = std::chrono::steady_clock::now();
  FrameStats record;
  record.frame = frame;
  record.time = frame * double{scene_.frame_dt()};
  record.wall_ms =
      records_.empty() ? 0.0 : std::chrono::duration<double, std::milli>(now - last_).count();
  uint64_t links = 0;
  double strain_sum = 0.0;
  for (size_t s = 0; s < solvers.size(); ++s) {
    const Model& model = scene_.systems[s].model;
    const Energy energy = solvers[s]->measure_energy();
    record.kinetic += energy.kinetic;
    record.gravitational += energy.gravitational;
    record.elastic += energy.elastic;
    const std::vector<glm::vec3> positions = positions_of(*solvers[s]);
    const StrainReport strain = measure_strain(model, positions, solvers[s]->state().link_state);
    record.max_strain = std::max(record.max_strain, strain.max);
    strain_sum += strain.mean * double(strain.links);
    links += strain.links;
    record.torn_links += solvers[s]->measure_health().torn_links;
    if (model.environment.self_collision) {
      record.contacts +=
          measure_contacts(positions, model.triangles, model.contact_groups).closer_than_thickness;
    }
  }
  record.mean_strain = links > 0 ? strain_sum / double(links) : 0.0;
  records_.push_back(record);
  last_ = std::chrono::steady_clock::now();  // the next frame's wall time leaves this out
}

void write_stats(std::ostream& out, const std::string& format,
                 const std::vector<FrameStats>& records) {
  if (format == "json") {
    Json list = Json::array();
    for (const FrameStats& r : records) {
      list.push_back({{"frame", r.frame},
                      {"time", r.time},
                      {"kinetic", number(r.kinetic)},
                      {"gravitational", number(r.gravitational)},
                      {"elastic", number(r.elastic)},
                      {"max_strain", number(r.max_strain)},
                      {"mean_strain", number(r.mean_strain)},
                      {"contacts", r.contacts},
                      {"torn_links", r.torn_links},
                      {"wall_ms", r.wall_ms}});
    }
    out << Json{{"units", {{"time", "s"}, {"energy", "J"}, {"wall_ms", "ms"}}}, {"records", list}}
               .dump(1)
        << "\n";
    return;
  }
  out << "frame,time,kinetic,gravitational,elastic,max_strain,mean_strain,contacts,torn_links,"
         "wall_ms\n";
  char line[512];
  for (const FrameStats& r : records) {
    std::snprintf(line, sizeof line, "%u,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%llu,%u,%.4f\n", r.frame,
                  r.time, r.kinetic, r.gravitational, r.elastic, r.max_strain, r.mean_strain,
                  static_cast<unsigned long long>(r.contacts), r.torn_links, r.wall_ms);
    out << line;
  }
}

void write_summary_json(std::ostream& out, const Scene& scene, const RunOutcome& outcome,
                        const RunSummaryFacts& facts) {
  Json systems = Json::array();
  for (size_t s = 0; s < scene.systems.size() && s < outcome.systems.size(); ++s) {
    const SystemOutcome& o = outcome.systems[s];
    Json system = {{"name", scene.systems[s].name},
                   {"particles", scene.systems[s].model.particle_count()},
                   {"largest_stretch_seen", number(o.largest_stretch)},
                   {"final_max_strain", number(o.final_strain.max)},
                   {"final_mean_strain", number(o.final_strain.mean)},
                   {"energy", energy_json(o.energy)},
                   {"torn_links", o.torn_links},
                   {"blew_up", o.blow_up.has_value()},
                   {"blow_up", o.blow_up.value_or("")}};
    if (o.contacts) system["contacts"] = o.contacts->closer_than_thickness;
    systems.push_back(system);
  }
  Json summary = {{"scene", scene.source.string()},
                  {"title", scene.title},
                  {"overrides", facts.overrides},
                  {"solver", facts.solver},
                  {"frames", facts.frames_asked},
                  {"frames_done", outcome.frames_done},
                  {"simulated_seconds", outcome.frames_done * double{scene.frame_dt()}},
                  {"wall_seconds", outcome.wall_seconds},
                  {"blew_up", outcome.blew_up()},
                  {"interrupted", outcome.interrupted()},
                  {"systems", systems}};
  if (outcome.drape) {
    summary["drape"] = {{"cloth", scene.drape_test->cloth},
                        {"coefficient", number(outcome.drape->coefficient)},
                        {"shadow_area", number(outcome.drape->shadow_area)},
                        {"support_area", number(outcome.drape->support_area)},
                        {"specimen_area", number(outcome.drape->specimen_area)}};
  }
  out << summary.dump(1) << "\n";
}

}  // namespace weft
