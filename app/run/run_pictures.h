// Where `weft run`'s pictures are taken from. A chosen camera (`--camera`, or the scene's
// [camera]) wins; otherwise the screenshot frames the systems where they are at the end, and the
// video frames the box they filled over the whole run, found by simulating the run once before
// drawing it (the solver is deterministic on one device, so the second run goes where the first
// went), so that nothing leaves the picture and the subject fills it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "app/render/render_mesh.h"
#include "app/render/scene_renderer.h"
#include "app/scene/scene_systems.h"
#include "app/run/scene_run.h"
#include "sim/gpu/solver_on_gpu.h"

namespace weft {

class Device;

// The systems of a scene as the renderer draws them: each solver's GPU solver, its model and
// its objects' colours (scene_colors.h). solvers[s] must run scene.systems[s] on the GPU, or on
// the CPU reference drawn on the GPU.
std::vector<DrawnSystem> drawn_systems(const Scene& scene,
                                       const std::vector<std::unique_ptr<Solver>>& solvers);

// The camera a run's pictures use when one was chosen: `--camera` over the scene's [camera],
// both in the world, moved into the frame the scene is drawn in (scene_origin.h).
std::optional<SceneCamera> chosen_picture_camera(const Scene& scene,
                                                 const std::optional<SceneCamera>& option);

// Simulates `frames` frames of the scene on the GPU (or the CPU reference on cpu_threads threads,
// when that is not 0), from its start, and
// returns the box around every particle and collider at frame 0 and every `step`-th frame after
// it, and the last (those a video of that step draws). Frames after a blow-up or an interrupt
// are not simulated. `on_progress` (optional) hears how many frames are done.
Bounds bounds_over_run(Device& device, const Scene& scene, unsigned cpu_threads, uint32_t frames,
                       uint32_t step, const std::function<void(uint32_t done)>& on_progress = {});

}  // namespace weft
