#include "app/run/run_pictures.h"

#include "app/render/framing.h"
#include "app/scene/scene_colors.h"
#include "app/scene/scene_origin.h"

namespace weft {

namespace {

// Grows a box around the systems at the frames it takes.
class BoundsSink final : public FrameSink {
 public:
  BoundsSink(Device& device, std::vector<DrawnSystem> systems, uint32_t step)
      : device_(device), systems_(std::move(systems)), step_(std::max(step, 1u)) {}
  bool wants(uint32_t frame, uint32_t last_frame) const override {
    return frame % step_ == 0 || frame == last_frame;
  }
  uint32_t next_after(uint32_t frame, uint32_t last_frame) const override {
    const uint64_t next = (uint64_t{frame} / step_ + 1) * step_;
    return next < last_frame ? static_cast<uint32_t>(next) : last_frame;
  }
  void take(uint32_t, std::vector<std::unique_ptr<Solver>>&) override {
    const Bounds now = current_bounds(device_, systems_);
    bounds_ = bounds_ ? merge(*bounds_, now) : now;
  }
  std::optional<Bounds> bounds() const { return bounds_; }

 private:
  Device& device_;
  std::vector<DrawnSystem> systems_;
  uint32_t step_ = 1;
  std::optional<Bounds> bounds_;
};

}  // namespace

std::vector<DrawnSystem> drawn_systems(const Scene& scene,
                                       const std::vector<std::unique_ptr<Solver>>& solvers) {
  std::vector<std::vector<ParticleColors>> colors = object_colors(scene);
  std::vector<DrawnSystem> drawn;
  for (size_t s = 0; s < solvers.size(); ++s)
    drawn.push_back({solvers[s]->drawn(), &scene.systems[s].model, std::move(colors[s])});
  return drawn;
}

std::optional<SceneCamera> chosen_picture_camera(const Scene& scene,
                                                 const std::optional<SceneCamera>& option) {
  const std::optional<SceneCamera>& chosen = option ? option : scene.camera;
  if (!chosen) return std::nullopt;
  return camera_in_frame(*chosen, scene_origin(scene));
}

Bounds bounds_over_run(Device& device, const Scene& scene, unsigned cpu_threads, uint32_t frames,
                       uint32_t step, const std::function<void(uint32_t done)>& on_progress) {
  std::vector<std::unique_ptr<Solver>> solvers;
  for (const SceneSystem& system : scene.systems) {
    solvers.push_back(make_drawn_solver(device, system.model, cpu_threads));
  }
  BoundsSink sink(device, drawn_systems(scene, solvers), step);
  RunLoopOptions loop;
  loop.frames = frames;
  loop.sinks.push_back(&sink);
  loop.on_progress = on_progress;
  run_scene_frames(scene, solvers, loop);
  if (std::optional<Bounds> bounds = sink.bounds()) return *bounds;
  return expected_bounds(drawn_systems(scene, solvers));
}

}  // namespace weft
