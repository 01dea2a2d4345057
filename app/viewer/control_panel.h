// The Dear ImGui panel: every physical parameter and solver setting of the running scene,
// editable live; the preset switcher and grid size; the view switches with the legend of the
// springs view's colours; and the statistics (FPS, frame time, GPU time per pass, counts,
// strain, blow-up warning). Its width fits its longest label, and its status lines are always
// there (empty or not), so nothing moves when a message or a screenshot's name appears. Every
// value can also be set by its label from the input script (panel_edits.h).
#pragma once

#include <optional>
#include <string>

#include "app/viewer/frame_stats.h"
#include "app/viewer/panel_edits.h"
#include "app/viewer/panel_widgets.h"
#include "app/viewer/run_history.h"
#include "app/viewer/viewer_scene.h"
#include "app/viewer/viewer_settings.h"

namespace weft {

// What the panel asks the viewer to do this frame (edits of the settings happen in place).
struct PanelRequests {
  bool reset = false;
  std::optional<SceneChoice> rebuild;     // a new preset or grid size
  bool parameters_changed = false;        // environment or solver settings: scene.apply_parameters
  bool link_knobs_changed = false;        // link materials, once an edit ends: apply_link_knobs
  bool material_figures_changed = false;  // a material's figures: apply_material_figures
  bool screenshot = false;
  bool capture = false;  // the next frame into RenderDoc
  bool reset_camera = false;
  bool save_scene = false;  // the scene as a scene file, as Ctrl+S
  // px: how far from the window's left edge the open panel reaches (0 when it is hidden or
  // folded): the scene is centred in the rest of the window.
  float panel_right = 0.0f;
};

struct PanelInfo {
  std::string device_name;
  std::string simulator;  // "on the CPU reference (2 threads)" or "on the device"
  const FrameStats* stats = nullptr;
  std::string last_screenshot;
  std::string message;  // a notice for the user (a refused drag, a failed edit)
  // The UI's target stores colours as they are (UNORM): the legend encodes them to sRGB.
  bool encode_srgb = true;
  std::string drawing;                  // what the scene is drawn with ("4x MSAA, shadows 512")
  PanelEdits* edits = nullptr;          // scripted values; the panel shows while some wait
  const RunHistory* history = nullptr;  // the plots' samples
  PanelLayout* layout = nullptr;        // tests: where the labels went
  bool open_all_sections = false;       // tests: every section drawn
};

PanelRequests draw_control_panel(ViewerScene& scene, ViewerSettings& settings,
                                 const PanelInfo& info);

// The key and mouse help (H or F1); a one-line hint while it is closed.
void draw_help_overlay(ViewerSettings& settings);

}  // namespace weft
