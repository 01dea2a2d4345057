// The viewer's own switches, shared by the keys, the panel and scripted input.
#pragma once

#include "app/render/system_renderer.h"

namespace weft {

struct ViewerSettings {
  bool paused = false;
  bool step_once = false;  // simulate one frame while paused
  bool show_panel = true;
  bool show_help = false;
  bool vsync = true;
  bool knife = false;  // X: a plain left drag cuts, as with Alt held (knife_stroke.h)
  // GPU timestamps around every simulation pass, while the panel's table is open (they cost
  // lavapipe a quarter of its frame rate); otherwise only around the frame's main parts.
  bool time_passes = false;
  // The panel's energy plots: every system's state read back a few times a second to measure it.
  bool measure_energy = false;
  // Multisampling and shadow resolution lowered while frames are slow (draw_quality.h).
  bool adapt_drawing = true;
  int draw_level = 0;         // 0 (the best) to kDrawQualityLevels - 1 (draw_quality.h)
  float anchor_speed = 1.0f;  // m/s at which the arrow keys move the pinned anchors
  DrawSettings draw;
  int grid_columns = 0;  // the panel's grid fields, applied by its button (0: the scene's)
  int grid_rows = 0;
};

}  // namespace weft
