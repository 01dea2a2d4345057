#include "app/run/scene_run.h"

#include <algorithm>
#include <chrono>

#include "app/run/energy_watch.h"
#include "app/run/strain_watch.h"
#include "app/export/interrupt.h"
#include "app/export/output_file.h"
#include "sim/model/model.h"
#include "sim/model/model_origin.h"

namespace weft {

bool RunOutcome::blew_up() const {
  return std::any_of(systems.begin(), systems.end(),
                     [](const SystemOutcome& s) { return s.blow_up.has_value(); });
}

std::vector<std::vector<glm::vec3>> all_positions(std::vector<std::unique_ptr<Solver>>& solvers) {
  std::vector<std::vector<glm::vec3>> positions;
  for (auto& solver : solvers)
    positions.push_back(positions_of(*solver));
  return positions;
}

std::vector<std::vector<glm::vec3>> world_positions(const Scene& scene,
                                                    std::vector<std::unique_ptr<Solver>>& solvers) {
  std::vector<std::vector<glm::vec3>> positions;
  for (size_t s = 0; s < solvers.size(); ++s)
    positions.push_back(
        weft::world_positions(scene.systems.at(s).model, positions_of(*solvers[s])));
  return positions;
}

std::vector<std::vector<uint32_t>> torn_link_states(const Scene& scene,
                                                    std::vector<std::unique_ptr<Solver>>& solvers) {
  std::vector<std::vector<uint32_t>> states(solvers.size());
  for (size_t s = 0; s < solvers.size(); ++s) {
    if (model_tears(scene.systems[s].model)) states[s] = solvers[s]->state().link_state;
  }
  return states;
}

namespace {

// The first frame after `frame` at which some event fires, or `limit`.
uint32_t next_event_after(const Scene& scene, uint32_t frame, uint32_t limit) {
  uint32_t next = limit;
  for (const SceneSystem& system : scene.systems) {
    for (const SceneEvent& event : system.events) {
      if (event.frame > frame && event.frame < next) next = event.frame;
    }
  }
  return next;
}

}  // namespace

RunOutcome run_scene_frames(const Scene& scene, std::vector<std::unique_ptr<Solver>>& solvers,
                            const RunLoopOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  RunOutcome outcome;
  outcome.systems.resize(solvers.size());
  const uint32_t total = options.frames;
  const uint32_t interval = std::max(options.health_interval, 1u);
  // False when a stop request abandoned the export: the file in progress is gone, the ones
  // before it are complete.
  auto export_frame = [&](uint32_t frame) {
    try {
      options.exporter->write(frame, world_positions(scene, solvers),
                              torn_link_states(scene, solvers));
      return true;
    } catch (const WriteInterrupted&) {
      return false;
    }
  };
  if (options.exporter) export_frame(0);  // the loop below sees a stop request itself
  for (FrameSink* sink : options.sinks)
    sink->take(0, solvers);
  EnergyWatch energy(scene, solvers);
  StrainWatch strain(scene, solvers);

  uint32_t frame = 0;
  while (frame < total && !interrupt_requested()) {
    for (size_t s = 0; s < solvers.size(); ++s) {
      for (const SceneEvent& event : scene.systems[s].events) {
        if (event.frame == frame) apply_event(event, *solvers[s]);
      }
    }
    // The first frame alone: its time tells the progress report how long the run will take.
    uint32_t next = std::min(total, frame == 0 ? 1u : (frame / interval + 1) * interval);
    next = next_event_after(scene, frame, next);
    if (options.exporter) next = std::min(next, options.exporter->next_after(frame, total));
    for (const FrameSink* sink : options.sinks)
      next = std::min(next, sink->next_after(frame, total));
    auto step_all = [&](uint32_t count) {
      for (auto& solver : solvers)
        solver->step_frames(count);
    };
    if (options.capture) {
      options.capture->step_frames(frame, next - frame, step_all);
    } else {
      step_all(next - frame);
    }
    frame = next;
    outcome.frames_done = frame;

    bool blown = false;
    for (size_t s = 0; s < solvers.size(); ++s) {
      const HealthReport health = solvers[s]->measure_health();
      SystemOutcome& system = outcome.systems[s];
      system.largest_stretch = std::max(system.largest_stretch, health.largest_stretch);
      system.torn_links = health.torn_links;
      system.blow_up = blow_up_reason(health);
      blown = blown || system.blow_up.has_value();
    }
    blown = energy.check(frame, outcome) || blown;
    if (blown) break;  // a blown-up frame is not exported: it would hold NaNs
    strain.check(frame, outcome);
    if (options.exporter && options.exporter->wants(frame, total) && !export_frame(frame)) break;
    for (FrameSink* sink : options.sinks) {
      if (sink->wants(frame, total)) sink->take(frame, solvers);
    }
    if (options.on_progress) options.on_progress(frame);
  }
  outcome.interrupted_by = interrupt_signal();
  energy.finish(outcome.frames_done, outcome);
  const std::vector<std::vector<glm::vec3>> positions = all_positions(solvers);
  for (size_t s = 0; s < solvers.size(); ++s) {
    const Model& model = scene.systems[s].model;
    const std::vector<uint32_t> link_state = solvers[s]->state().link_state;
    outcome.systems[s].final_strain = measure_strain(model, positions[s], link_state);
    if (!link_state.empty()) outcome.systems[s].pieces = count_torn_pieces(model, link_state);
    if (model.environment.self_collision && !outcome.systems[s].blow_up) {
      outcome.systems[s].contacts =
          measure_contacts(positions[s], model.triangles, model.contact_groups);
    }
  }
  if (scene.drape_test && !outcome.blew_up()) outcome.drape = measure_scene_drape(scene, positions);
  outcome.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

}  // namespace weft
