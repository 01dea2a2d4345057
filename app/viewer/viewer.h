// `weft view`: the window, its swapchain and the frame loop. Each frame records the simulation,
// the blow-up watch, picking, normals, the scene pass and the UI into one command buffer of a
// ring of frames in flight, so the CPU prepares a frame while the GPU runs the previous one and
// nothing waits on an idle GPU; everything read back (picks, health, timings, screenshots) is
// read when its frame's slot comes round again.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "app/check_budget.h"
#include "app/gpu_context.h"
#include "app/render/camera.h"
#include "app/viewer/draw_quality.h"
#include "app/viewer/frame_stats.h"
#include "app/viewer/input_script.h"
#include "app/viewer/key_bindings.h"
#include "app/viewer/mouse_controller.h"
#include "app/viewer/panel_edits.h"
#include "app/viewer/run_history.h"
#include "app/viewer/view_options.h"
#include "app/viewer/viewer_scene.h"
#include "app/viewer/viewer_settings.h"
#include "app/viewer/window.h"
#include "app/viewer/window_screenshots.h"
#include "engine/command_ring.h"
#include "engine/render_targets.h"
#include "engine/swapchain.h"
#include "sim/gpu/pass_timer.h"

namespace weft {

class ImGuiLayer;
class ScaledScene;

// Two frames in flight: the CPU records one while the GPU runs the other.
constexpr uint32_t kFramesInFlight = 2;

class Viewer : public InputListener {
 public:
  // Throws NoDisplayError when no window can be opened.
  explicit Viewer(const ViewOptions& options);
  ~Viewer() override;

  // Runs until the window closes, Esc or Q, or the --frames budget; returns the exit status
  // (4 when validation was on and reported errors, 2 when the input script could not set a
  // panel value).
  int run();

  void on_key(int key, int action, int mods) override;
  void on_mouse_button(int button, int action, int mods) override;
  void on_cursor(double x, double y) override;
  void on_scroll(double dy) override;

 private:
  bool recreate_swapchain();
  void draw_frame();
  // Draws less (draw_quality.h) while frames are slow and drawing is what makes them slow.
  void adapt_drawing(double now);
  void set_draw_quality(int level);
  void make_targets();          // for the swapchain's size and the drawing level
  std::string drawing() const;  // what the scene is drawn with, for the panel
  void collect(uint32_t slot);
  void sample_energy();
  double simulated_seconds() const;
  void build_ui();
  void apply_pending_scene_changes();
  void record_frame(VkCommandBuffer cmd, uint32_t slot, uint32_t image);
  void do_action(Action action);
  void apply_script();
  void update_anchors();
  void update_mouse();
  // Pins edited by hand: a Ctrl-click's toggle, a Ctrl-drag's box.
  void update_pins(glm::vec2 size);
  // A knife stroke, once it ends: the links it crossed are cut (knife_stroke.h).
  void update_knife(glm::vec2 size);
  glm::vec2 viewport() const;
  // The camera on the scene's expected bounds (a new scene), or on those and where the systems
  // are now (the camera reset, which also aims the shadow there).
  void frame_camera();
  void reframe_camera();
  VkExtent2D scene_area() const;
  std::string window_title() const;

  ViewOptions options_;
  // Before the context: RenderDoc must be in the process before the Vulkan instance exists.
  std::unique_ptr<FrameCapture> capture_;
  GpuContext context_;  // destroyed last: the instance outlives the window's surface
  std::unique_ptr<Window> window_;
  std::unique_ptr<Swapchain> swapchain_;
  std::unique_ptr<CommandRing> ring_;
  std::vector<DeviceHandle<VkSemaphore>> acquired_;  // one per frame slot
  RenderFormats formats_;
  std::unique_ptr<RenderTargets> targets_;  // multisampled colour and depth, swapchain-sized
  std::unique_ptr<ScaledScene> scaled_;     // instead, when the scene is drawn smaller
  std::unique_ptr<ViewerScene> scene_;
  std::unique_ptr<PassTimer> timer_;
  std::vector<bool> timed_;  // whether each slot's frame wrote timestamps
  std::unique_ptr<WindowScreenshots> screenshots_;
  std::unique_ptr<ImGuiLayer> ui_;

  OrbitCamera camera_;
  float panel_right_ = 0.0f;  // px the panel covers from the window's left edge (0: hidden)
  MouseController mouse_{camera_};
  ViewerSettings settings_;
  FrameStats stats_;
  RunHistory history_;
  CheckBudget energy_budget_;         // the plots' read-backs take a tenth of the time at most
  double last_energy_sample_ = -1.0;  // s, the clock of seconds_now()
  uint64_t energy_samples_ = 0;       // for the exit summary
  DrawQualityGovernor quality_;
  double last_frame_end_ = 0.0;  // s, the clock of seconds_now()
  std::vector<ScriptEvent> script_;
  size_t script_next_ = 0;
  PanelEdits panel_edits_;      // the script's panel values, until the panel takes them
  bool script_failed_ = false;  // a scripted value was refused: exit 2
  std::set<int> held_keys_;
  glm::vec2 cursor_{0.0f};
  uint64_t frame_ = 0;
  bool reset_requested_ = false;
  bool reframe_requested_ = false;
  std::optional<SceneChoice> rebuild_requested_;
  std::string simulator_;  // "on the CPU reference (2 threads)" or "on the device"
  std::string last_screenshot_;
  std::string message_;
  std::optional<std::pair<size_t, uint32_t>> dragged_;  // system and particle being dragged
  uint32_t grabs_ = 0;           // counted for the exit summary (the scripted tests)
  uint32_t pinned_by_hand_ = 0;  // particles, likewise
  uint32_t freed_by_hand_ = 0;
  uint64_t cut_by_knife_ = 0;  // links
  uint32_t swapchain_builds_ = 0;
};

}  // namespace weft
