// The headless frame loop of `weft run`: advances every system of a scene frame by frame with its
// solver, fires the scene's events on time, watches for blow-ups (non-finite positions, runaway
// stretch, runaway energy: energy_watch.h), and hands frames to the exporter. GPU work is submitted
// in batches that end only where something must happen (an event, an export, a health check), so
// the GPU is not stalled every frame.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/export/frame_exporter.h"
#include "app/frame_capture.h"
#include "app/scene/scene_systems.h"
#include "sim/core/solver.h"
#include "sim/model/contact_report.h"
#include "sim/model/strain_report.h"
#include "sim/model/torn_pieces.h"

namespace weft {

struct SystemOutcome {
  // Largest (length - rest) / rest of any spring or constraint, shear and bend links included,
  // at any health check: what the blow-up watch compares with its limit.
  float largest_stretch = 0.0f;
  StrainReport peak_strain;        // the structural links' most strained check (strain_watch.h)
  uint32_t peak_strain_frame = 0;  // the frame it was measured at
  uint32_t strain_checks = 0;      // how many checks measured it
  uint32_t torn_links = 0;         // links of its cloth torn by the end (sim/modules/tearing.h)
  TornPieces pieces;               // what its tearable cloth came apart into, at the end
  Energy energy;                   // at the end
  StrainReport final_strain;       // at the end (strain_report.h)
  double energy_limit = 0.0;  // J: the most the blow-up watch allowed at the end (energy_bound.h)
  std::optional<std::string> blow_up;     // why it blew up: non-finite, stretch or energy
  std::optional<ContactReport> contacts;  // at the end, for a system with self-collision
};

struct RunOutcome {
  uint32_t frames_done = 0;
  double wall_seconds = 0.0;
  std::vector<SystemOutcome> systems;
  int interrupted_by = 0;  // the signal that stopped the run early (export/interrupt.h), or 0
  // The specimen's drape coefficient at the end, for a scene with a [drape_test] that did not
  // blow up (app/scene/scene_drape_test.h).
  std::optional<DrapeMeasurement> drape;
  bool blew_up() const;
  bool interrupted() const { return interrupted_by != 0; }
};

// Something that takes chosen frames of a run (an animation export, a video): frame 0 before the
// first step, then every frame it wants.
class FrameSink {
 public:
  virtual ~FrameSink() = default;
  // Whether frame `frame` (frames done so far) is wanted in a run of `last_frame` frames.
  virtual bool wants(uint32_t frame, uint32_t last_frame) const = 0;
  // The next frame after `frame` that is wanted, or `last_frame`.
  virtual uint32_t next_after(uint32_t frame, uint32_t last_frame) const = 0;
  virtual void take(uint32_t frame, std::vector<std::unique_ptr<Solver>>& solvers) = 0;
};

struct RunLoopOptions {
  uint32_t frames = 1;
  uint32_t health_interval = 10;      // frames between blow-up checks
  FrameExporter* exporter = nullptr;  // optional
  std::vector<FrameSink*> sinks;      // optional
  FrameCapture* capture = nullptr;    // optional: brackets the frame RenderDoc should capture
  std::function<void(uint32_t done)> on_progress;
};

// solvers[s] advances scene.systems[s]. A stop request (SIGINT, SIGTERM) ends the loop after the
// frames under way, abandoning an export in progress; the outcome then says which signal.
RunOutcome run_scene_frames(const Scene& scene, std::vector<std::unique_ptr<Solver>>& solvers,
                            const RunLoopOptions& options);

// Positions of every system, each in its model's frame (Model::origin).
std::vector<std::vector<glm::vec3>> all_positions(std::vector<std::unique_ptr<Solver>>& solvers);
// The same in world coordinates (each system's model.origin added), as exports write them.
std::vector<std::vector<glm::vec3>> world_positions(const Scene& scene,
                                                    std::vector<std::unique_ptr<Solver>>& solvers);
// Per system, its particles' torn links (shaders/link_state_layout.h) when its cloth can tear, read
// back from the solver; empty for a system that cannot tear.
std::vector<std::vector<uint32_t>> torn_link_states(const Scene& scene,
                                                    std::vector<std::unique_ptr<Solver>>& solvers);

}  // namespace weft
