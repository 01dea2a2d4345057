// How much the viewer draws each frame, and when to draw less. On a slow device (lavapipe draws on
// the CPU) the viewer lowers its drawing a step at a time while frames stay slower than
// kTargetFramesPerSecond and drawing is a large share of them: first multisampling, then the
// shadow map's resolution, then the size the scene is drawn at (scaled up to the window,
// scaled_scene.h). It never raises it by itself, so it does not swing between two levels; the
// panel's `drawing level` sets it by hand.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/vulkan.h"

namespace weft {

inline constexpr double kTargetFramesPerSecond = 15.0;

struct DrawQuality {
  VkSampleCountFlagBits max_samples = VK_SAMPLE_COUNT_4_BIT;  // multisampling, at most
  uint32_t shadow_map_size = 0;  // texels a side; 0: the device's default (scene_renderer.h)
  float scale = 1.0f;            // share of the window's width and height the scene is drawn at
};

// The levels, from 0 (the best) to kDrawQualityLevels - 1.
inline constexpr int kDrawQualityLevels = 4;
DrawQuality draw_quality(int level);
// For the panel: "4x MSAA, shadows 512, full size".
std::string describe_drawing(uint32_t samples, uint32_t shadow_map_size, float scale);

class DrawQualityGovernor {
 public:
  // After each frame: how long it took (ms) and how long the GPU spent drawing it (ms; the scene
  // pass and the UI), when measured. Returns the level to switch to when frames have been slow
  // for a while and drawing is what makes them slow.
  std::optional<int> frame_done(double frame_ms, std::optional<double> draw_ms);
  // Now at `level` (the panel's, or one it asked for): frames are judged afresh.
  void set_level(int level);
  // The lowest level it may ask for (a window that cannot be scaled onto stops before scaling).
  void set_last_level(int level) { last_level_ = level; }
  int level() const { return level_; }

 private:
  int level_ = 0;
  int last_level_ = kDrawQualityLevels - 1;
  int frames_seen_ = 0;  // since the level changed
  double frame_ms_sum_ = 0.0;
  double draw_ms_sum_ = 0.0;
  int draw_samples_ = 0;
};

}  // namespace weft
